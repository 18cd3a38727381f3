" Fountain screenplays (.fountain), which podc checks as it checks scripts: Vim gives them no file type of its own.
autocmd BufRead,BufNewFile *.fountain setfiletype fountain

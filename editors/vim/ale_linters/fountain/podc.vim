" The podc language server for Fountain screenplays, as for scripts (ale_linters/podscript/podc.vim, which defines
" PodcRoot: the folder of the nearest podc.json).

runtime ale_linters/podscript/podc.vim

call ale#linter#Define('fountain', {
\   'name': 'podc',
\   'lsp': 'stdio',
\   'executable': 'podc',
\   'command': '%e lsp --stdio',
\   'project_root': function('PodcRoot'),
\ })

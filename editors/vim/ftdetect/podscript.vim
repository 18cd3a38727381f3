" podc's .pod scripts are `podscript`: Vim's own `pod` is Perl's documentation format. `set`, not `setf`, so that this
" wins over the `pod` Vim's filetype.vim has already set.
autocmd BufRead,BufNewFile *.pod set filetype=podscript

" The podc language server for `podscript` buffers, through ALE (https://github.com/dense-analysis/ale; Debian:
" vim-ale). ALE reads the linters of a file type from ale_linters/<type>/. The project is the folder of the nearest
" podc.json, else the script's own folder.

function! PodcRoot(buffer) abort
  let l:config = ale#path#FindNearestFile(a:buffer, 'podc.json')
  return !empty(l:config) ? fnamemodify(l:config, ':h') : expand('#' . a:buffer . ':p:h')
endfunction

call ale#linter#Define('podscript', {
\   'name': 'podc',
\   'lsp': 'stdio',
\   'executable': 'podc',
\   'command': '%e lsp --stdio',
\   'project_root': function('PodcRoot'),
\ })

-- podc for Neovim 0.7 to 0.11: the `podscript` file type for *.pod (Vim's own `pod` is Perl's documentation), and
-- the podc language server for it, started once per project (the folder of podc.json). Put this file in your
-- config (for example ~/.config/nvim/lua/podc.lua and `require("podc")` in init.lua), or paste it into init.lua.
-- Needs `podc` on the PATH (`npm install --global` of podc's package file or of a clone); see docs/editor.md.

if vim.fn.has("nvim-0.8") == 0 then
  vim.g.do_filetype_lua = 1 -- Neovim 0.7 reads vim.filetype.add only with this
end
vim.filetype.add({ extension = { pod = "podscript" } })

local cmd = { "podc", "lsp", "--stdio" }

-- The project is the nearest folder with a podc.json, else the script's own folder.
local function root_of(bufnr)
  local dir = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ":p:h")
  local config = vim.fn.findfile("podc.json", dir .. ";")
  if config ~= "" then
    return vim.fn.fnamemodify(config, ":p:h")
  end
  return dir
end

local started = {} -- Neovim 0.7 has no vim.lsp.start: one client per root, attached by hand

vim.api.nvim_create_autocmd("FileType", {
  pattern = "podscript",
  callback = function(args)
    local root = root_of(args.buf)
    if vim.lsp.start then
      vim.lsp.start({ name = "podc", cmd = cmd, root_dir = root }, { bufnr = args.buf })
      return
    end
    if not started[root] then
      started[root] = vim.lsp.start_client({ name = "podc", cmd = cmd, root_dir = root })
    end
    vim.lsp.buf_attach_client(args.buf, started[root])
  end,
})

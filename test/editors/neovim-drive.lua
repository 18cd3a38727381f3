-- Drives the podc language server through Neovim's own client, as a writer would: open a script, read its
-- diagnostics, take a quick fix with the cursor at the end of the line, complete after `@`, list references, and see
-- a podc.json change without restarting anything. Runs headless under the set-up of editors/neovim/podc.lua
-- (test/editors/neovim.test.ts starts it); writes what it saw as JSON to $PODC_NVIM_OUT and quits.

local dir = os.getenv("PODC_NVIM_DIR")
local results = { steps = {} }
local function record(name, value)
  results[name] = value
  table.insert(results.steps, name)
end
local function finish()
  local file = io.open(os.getenv("PODC_NVIM_OUT"), "w")
  file:write(vim.fn.json_encode(results))
  file:close()
  vim.cmd("qa!")
end
local function codes()
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do
    table.insert(list, string.format("%s@%d", d.code, d.lnum))
  end
  table.sort(list)
  return list
end
local function request(method, params)
  local responses = vim.lsp.buf_request_sync(0, method, params, 30000) or {}
  for _, response in pairs(responses) do
    if response.result then
      return response.result
    end
  end
  return nil
end

local ok, problem = pcall(function()
  vim.cmd("edit " .. dir .. "/episode.pod")
  record("filetype", vim.bo.filetype)
  vim.wait(60000, function()
    return #vim.diagnostic.get(0) >= 2
  end, 50)
  record("diagnostics", codes())

  -- A quick fix with the cursor at the end of DJ's line, past the underline, as `:lua vim.lsp.buf.code_action()` asks.
  local line = 3 -- 0-based: "DJ: Welcome to the show."
  vim.api.nvim_win_set_cursor(0, { line + 1, #vim.api.nvim_buf_get_lines(0, line, line + 1, false)[1] })
  local params = vim.lsp.util.make_range_params()
  local sent = {}
  for _, d in ipairs(vim.diagnostic.get(0, { lnum = line })) do
    table.insert(sent, {
      range = { start = { line = d.lnum, character = d.col }, ["end"] = { line = d.end_lnum, character = d.end_col } },
      message = d.message,
      code = d.code,
      severity = d.severity,
    })
  end
  params.context = { diagnostics = sent }
  local actions = request("textDocument/codeAction", params) or {}
  local titles = {}
  for _, action in ipairs(actions) do
    table.insert(titles, action.title)
  end
  record("actions", titles)
  for _, action in ipairs(actions) do
    if action.title:find("^Add DJ") then
      vim.lsp.util.apply_workspace_edit(action.edit, "utf-16")
    end
  end
  vim.wait(30000, function()
    local list = codes()
    return #list == 1
  end, 50)
  record("afterFix", codes())
  record("textAfterFix", vim.api.nvim_buf_get_lines(0, 0, -1, false))

  -- Completion after `@` on a new last line.
  local last = vim.api.nvim_buf_line_count(0)
  vim.api.nvim_buf_set_lines(0, last, last, false, { "@" })
  local items = request("textDocument/completion", {
    textDocument = { uri = vim.uri_from_bufnr(0) },
    position = { line = last, character = 1 },
  }) or {}
  items = items.items or items
  local labels = {}
  for _, item in ipairs(items) do
    table.insert(labels, item.label)
    if item.label == "HOST" then
      vim.lsp.util.apply_text_edits({ item.textEdit }, 0, "utf-16")
    end
  end
  record("completion", labels)
  record("completedLine", vim.api.nvim_buf_get_lines(0, last, last + 1, false)[1])

  -- References to HOST, in this script and in the one nobody opened.
  local host = 0
  for i, text in ipairs(vim.api.nvim_buf_get_lines(0, 0, -1, false)) do
    if text:find("^HOST:") then
      host = i - 1
      break
    end
  end
  local refs = request("textDocument/references", {
    textDocument = { uri = vim.uri_from_bufnr(0) },
    position = { line = host, character = 1 },
    context = { includeDeclaration = true },
  }) or {}
  local where = {}
  for _, ref in ipairs(refs) do
    table.insert(where, string.format("%s:%d", vim.fn.fnamemodify(vim.uri_to_fname(ref.uri), ":t"), ref.range.start.line))
  end
  record("references", where)

  -- podc.json changes (GUEST gets a voice); Neovim sends no file-watch notification. Any request makes the server look.
  local config = io.open(dir .. "/podc.json", "w")
  config:write('{ "cast": { "HOST": "Ethan", "GUEST": "Luna" } }\n')
  config:close()
  vim.loop.fs_utime(dir .. "/podc.json", os.time() + 5, os.time() + 5)
  request("textDocument/hover", { textDocument = { uri = vim.uri_from_bufnr(0) }, position = { line = 0, character = 0 } })
  vim.wait(30000, function()
    for _, d in ipairs(vim.diagnostic.get(0)) do
      if d.code == "POD0201" then
        return false
      end
    end
    return true
  end, 50)
  record("afterConfig", codes())
end)
if not ok then
  results.error = tostring(problem)
end
finish()

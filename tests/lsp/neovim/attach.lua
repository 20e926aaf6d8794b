-- Attach benchlint's language server to the current buffer the Neovim 0.7 way
-- (`vim.lsp.start_client` + `vim.lsp.buf_attach_client`), wait for its diagnostics and
-- write them, one per line, to $BENCHLINT_OUT: code, line, column, message (tab-separated).
local python = os.getenv("BENCHLINT_PYTHON")
local out_path = os.getenv("BENCHLINT_OUT")
local buf = vim.api.nvim_get_current_buf()

local client_id = vim.lsp.start_client({
  name = "benchlint",
  cmd = { python, "-m", "benchlint", "lsp" },
  root_dir = os.getenv("BENCHLINT_ROOT"),
  init_options = { benchlint = { debounce = 0 } },
})
vim.lsp.buf_attach_client(buf, client_id)

vim.wait(60000, function()
  return #vim.diagnostic.get(buf) > 0
end, 50)

local lines = {}
for _, d in ipairs(vim.diagnostic.get(buf)) do
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or ""
  table.insert(lines, table.concat({ code, d.lnum, d.col, d.message }, "\t"))
end
table.sort(lines)
local file = io.open(out_path, "w")
file:write(table.concat(lines, "\n"))
file:close()

vim.lsp.stop_client(client_id)
vim.cmd("qa!")

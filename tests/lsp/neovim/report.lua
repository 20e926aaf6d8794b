-- Run after an init file from docs/editors.md: wait for the current buffer's diagnostics
-- (up to $BENCHLINT_WAIT ms) and write their codes, one per line, to $BENCHLINT_OUT, then
-- the last error message Neovim recorded (empty when there was none) on a line "errmsg\t…".
local buf = vim.api.nvim_get_current_buf()
local wait = tonumber(os.getenv("BENCHLINT_WAIT"))
vim.wait(wait, function()
  return #vim.diagnostic.get(buf) > 0
end, 50)
local lines = {}
for _, d in ipairs(vim.diagnostic.get(buf)) do
  table.insert(lines, d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or "")
end
table.sort(lines)
table.insert(lines, "errmsg\t" .. vim.v.errmsg)
local file = io.open(os.getenv("BENCHLINT_OUT"), "w")
file:write(table.concat(lines, "\n"))
file:close()
vim.cmd("qa!")

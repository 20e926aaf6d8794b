"""Your workspace, live: benchmarks and secret records fetched through the user's own
`osmosis` CLI (`benchlint workspace pull`), kept in the repository's `.benchlint/` folder, and
read by every surface as catalog and secret-list files are.

The cache itself (layout, atomic writes, reading) is `domain.workspace_cache`; `osmosis`
runs the CLI and turns each way it can fail into one sentence; `pull` fetches and saves.
"""

"""Commands of the command line that are not a screen: `generate` and `catalog`, `autoplay`,
`replay --headless`, and the others each in a `*_command.py` of its own (cli.py wires them)."""

"""Front ends: where frames go and where events come from (terminal, SDL window, headless)."""

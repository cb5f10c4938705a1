"""Generic screens: title menu, help, options, dialogs, and the "make it larger" screen."""

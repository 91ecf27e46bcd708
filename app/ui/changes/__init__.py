"""A game's change log on its screen (the log itself is ``app.changelog``): the fold «Зміни»,
each change in words, and the marks of corrected hands on the sheet."""

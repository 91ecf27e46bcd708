"""Browser bindings of the shell: the only app package (with app.ui.dom) that imports js/pyodide."""

"""The analysis board (issue 27): any position explored move by move with the engine's rules,
searched in the browser by the native core compiled to WebAssembly, or by a short server
search when the browser cannot.  The game review (the rest of the analysis app) is separate."""

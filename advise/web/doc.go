// Package web serves the move advisor as a local web page: a plain HTML,
// CSS and JavaScript page embedded with go:embed (no build step), over a
// JSON API under /api/ (see Server.Handler for the endpoints).
//
// The page draws the port of St. Nazaire from the game's data (spaces at
// their X, Y; solid move links and dashed fire links), the units on their
// spaces with pinned markers, the objectives and the destroyed markers; it
// takes dice, lists the legal moves, and asks for suggestions. A
// suggestion runs in its own goroutine on a copy of the position, so the
// page stays responsive; the page polls its progress, and any new move,
// die, undo or load cancels it.
//
// Every request is bounded in size and validated; a bad one gets a 4xx
// with {"error": "..."}; POSTs must be application/json, so another site's
// page cannot post here without a CORS preflight, which is never granted;
// a Host other than an IP address, localhost or one of Options.Hosts is
// refused, on the loopback and off it (DNS rebinding), and so is an Origin
// other than the Host. The page reads no file the server was not started
// with: agents whose specs name files are refused, and saves and loads
// name plain files in one directory: a load reads only a chariot save
// there, through no link out of it; a save never replaces a file that is
// not a saved game, nor a saved game unless confirmed ("overwrite": true).
// A forecast stops when its client leaves, and a new one stops the one in
// progress: one at a time.
package web

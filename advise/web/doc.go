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
// with Options.LocalOnly, a Host other than localhost is refused (DNS
// rebinding). Saves and loads name plain files in one directory.
package web

// Package anvil is Striking the Anvil (Battles Magazine / Nuts! Publishing,
// designer Luc Olivier): the Allied landing in Provence in August 1944 and
// the German response, an area-movement game for two players. Both sides are
// seats: seat 0 the Allies, seat 1 the Germans.
//
// The surviving rule text lacks sections 2 to 5.5 (sequence of play,
// activation, movement and the core of combat). They are authored in
// authored.go to fit every reference the rest of the text makes to them,
// each choice argued in RULINGS.md. The map, counters, combat results table,
// fortification tracks, bombing table and scenarios are reconstructed in
// data/default.json, each entry marked "rules" or "reconstructed" (see
// data/README.md); a person who owns the printed game can load their own with
// the data option.
//
// Every decision of either player is an action (the area to activate, the
// units, each step of a move, counter-attack and pursuit declarations, each
// hit absorbed, where the bombing markers and FFI go) and every die a chance
// node. There is no hidden information.
package anvil

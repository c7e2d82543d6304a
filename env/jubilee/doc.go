// Package jubilee is Operation Jubilee (Dieppe, 1942), the solitaire game
// of the Dieppe raid of 19 August 1942, as an env.Game: the Commonwealth
// (CW) player is seat 0 and the Germans are played by their op chits,
// fields of fire and fire priorities. With opponent=seat the Germans become
// seat 1, deciding only where the rules leave their pieces a choice; the
// state then offers env.RuleBot, so the generic "rules" agent plays them
// exactly as the default game does.
//
// Every die is a chance node, and so is every op chit drawn from the cup
// (the outcomes are the chits left in it). German units and depth markers
// are placed face down from the state's own seeded stream; Observation
// hides them and Resample redraws them.
//
// Files follow the rules: setup.go (3, 16), flow.go (4), landing.go (5),
// german.go (6, 7, 8, 9), actions.go and movement.go (10), combat.go (11),
// transport.go (12), control.go (13), score.go (14). The map, counters and
// tables are data (data/default.json, data/README.md); RULINGS.md lists
// the readings taken where the text is unclear.
package jubilee

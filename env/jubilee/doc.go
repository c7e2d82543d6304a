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
// Files follow the rules: flow.go is the set-up (3, 16) and the sequence
// of play (4); landing.go (5); german.go (6, 7, 8, 9); movement.go (10);
// combat.go (11); transport.go (6.9, 12); control.go (13); score.go (14,
// and the rule bot of opponent=seat). actions.go is the action space,
// observe.go the observation and Resample, json.go the saved form, text.go
// the prompts, narration and board drawing, query.go read-only queries for
// agents. The map, counters and tables are data (data/default.json,
// data/README.md); RULINGS.md lists the readings taken where the text is
// unclear.
//
// Options (key=value, see optionDocs): turns, no_convoy, bombardment,
// early_flanks, opponent, strict_evac, data.
package jubilee

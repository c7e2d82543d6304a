// Package stnazaire is Commandos at St. Nazaire (Vae Victis, Morgan
// Gillard), the solitaire game of the raid of 28 March 1942, as an env.Game:
// the British commandos are seat 0 and the Germans are played by the rules.
// Under opponent=seat the Germans are seat 1 instead, with every choice the
// rules of play leave their pieces (seat.go); RuleAction is the choice of
// the rules' priorities, which the agent "rules" plays exactly.
//
// Every die is a chance node (a D10, or a D10 read 1..k to pick among k), so
// a search can expand the dice and a person at a table can enter the rolls
// they made. Counters drawn blind (set-up draws, reinforcements) come from
// the state's own seeded stream and stay hidden from the British until they
// are next to a commando (8.2); Observation and View hide them, Resample
// redraws them.
//
// The files follow the rules: landing.go (5), movement.go (6, 7),
// german.go (8, 12), combat.go (9), cohesion.go (10), demolition.go (11),
// text.go (13, 14), seat.go (the German seat); flow.go is the sequence of play (4). The map, counters
// and tables are data (data/default.json, explained in data/README.md;
// data=balanced loads data/balanced.json, a retuned copy, see datasets.go);
// RULINGS.md lists every reading taken where the text is unclear, with the
// options that select the other reading.
//
// Options (key=value, see optionDocs): birney_assist, german_variant,
// mortar, easy_pinned, any_commando, demolition_target, dashed_fire_all,
// original_terrain, turns, opponent, data.
package stnazaire

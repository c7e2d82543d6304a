// Package ahraid is Raid on St. Nazaire, Avalon Hill's solitaire game of
// Operation Chariot, built from its Spanish player aid: the naval run-in of
// eighteen boats up the Loire under searchlights and fire, then the
// commandos' fight ashore, in the aid's 22-step turn. The aid prints the
// sequence and its thresholds but none of the tables, the map or the
// counters; those are authored in data/default.json and explained, entry by
// entry, in data/README.md. The British player is seat 0; the German side is
// run by the aid's procedures, or opened to an agent as seat 1 with
// opponent=seat, whose rule choice is offered through env.RuleBot.
package ahraid

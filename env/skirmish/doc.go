// Package skirmish is the commando raid skirmish, a miniatures game played
// in inches (activation rolls, officers, searchlights, pillboxes, shooting
// with saves, hand to hand, demolition), as an env.Game: the British
// commandos are seat 0; the Germans are played by authored reaction rules,
// or are seat 1 with opponent=seat.
//
// Positions are fixed-point inches (hundredths, fixed.go); terrain is convex
// polygons and wire segments, and every geometric test is exact integer
// arithmetic (geometry.go). The action space is finite and fixed
// (actions.go): moves are a compass direction and a third, two thirds or
// all of a move action, or a move to a named feature, toward an enemy or
// directly away; illegal ones are simply not listed.
//
// Files follow the text: movement.go (Movement, Barbed Wire), combat.go
// (Shooting, 2" Mortar, Hand to Hand, Demolition, Searchlights, Pillboxes),
// flow.go (Turns, Unit Activation, Activation Roll, Officers). The German
// reaction rules the text promised for a later post are authored in
// reactions.go (G1-G5, sets sleepy and alert). The scenario is data
// (data/default.json, explained in data/README.md); RULINGS.md lists the
// readings taken where the text is unclear. With opponent=seat the German
// seat has learning features of its own (features.go, FEATURES.md).
//
// Options (key=value, see optionDocs): reactions, opponent, turns, data.
package skirmish

package stnazaire

import (
	"fmt"

	"github.com/chariot-ai/chariot/env"
)

// The German seat (opponent=seat). The rules move and fire the German
// pieces by priorities (8.1, 9.1.1); as a seat, the same pieces have every
// choice the rules of play leave them, and the priorities become one way of
// playing them: RuleAction, which the agent "rules" follows.
//
// What the seat decides, and what stays with the rules:
//   - Phase E: each German able to move (on the map, not pinned, not FlaK,
//     not Kriegsmarine on a ship) steps one space at a time, in counter
//     order, to any space linked by a solid line that holds no commando and
//     fewer than three units, is no exit box and is not barred to vehicles;
//     entering a British ZoC ends its move (6.1); "pass" stops it. Three
//     moves, two for a reinforcement (12).
//   - Phases C and F: each German able to fire, strongest first (9.1.1.3),
//     attacks one commando in reach (solid line, or dashed for FlaK, 9.2).
//     Combat is mandatory for Germans (9): there is no pass. When the Quad
//     FlaK fires again (9.2.1) it attacks a commando in the same space.
//   - Reinforcements (12), cohesion (10), the advance of Germans into a
//     vacated space (9.1: "must occupy") and every die stay with the rules.
//
// Under german_variant the D10 that settles equal spaces (8.1) is rolled,
// as a chance node, before the German decision it bears on, exactly where
// the rules roll it, so RuleAction reads it and needs no die of its own.

var _ env.RuleBot = (*State)(nil)

// offerGermanMove hands German g's next step to the seat, after the tie
// die of the variant where the rules would roll it. A counter with no
// space to enter stops without a decision.
func (s *State) offerGermanMove(g int, foot *footField) {
	if s.opts().GermanVariant {
		var cand [MaxSpaces]int16
		var way vehicleWays
		if n := s.germanCandidates(g, s.gSpace[g], &cand, foot, &way); n > 1 {
			s.setRoll(rollGermanTie, n, g, -1)
			return
		}
	}
	s.askGermanMove(g, 0)
}

// askGermanMove sets the seat's move decision for g; tie is the variant's
// die (1-based), or 0 when none was rolled.
func (s *State) askGermanMove(g, tie int) {
	d := s.data()
	for _, sp := range d.Move[s.gSpace[g]] {
		if s.germanMayEnter(g, sp) {
			s.aux2 = int16(tie)
			s.setDecision(decGermanMove, g)
			return
		}
	}
	s.gMovesLeft[g] = 0
}

// germanMayEnter: German g may step into sp now (6.1, 7, 8.1).
func (s *State) germanMayEnter(g int, sp int16) bool {
	return s.data().moveLinked[s.gSpace[g]][sp] && s.germanPassable(g, sp, &s.cntB) && s.cntG[sp] < 3
}

func (s *State) germanMoveDecided(g int, kind string, sp int) {
	s.aux2 = 0
	if kind == "to" {
		s.germanEnter(g, int16(sp))
		return
	}
	s.gMovesLeft[g] = 0
}

// germanMayAttack: German g may attack commando u: in reach (9.1, 9.2), or
// for a repeated Quad FlaK shot, in the space it fired at (9.2.1).
func (s *State) germanMayAttack(g, u int) bool {
	if s.bStatus[u] != bOnMap {
		return false
	}
	if t := s.gTarget[g]; t >= 0 {
		return s.bSpace[u] == t
	}
	return s.germanReaches(g, s.bSpace[u])
}

func (s *State) germanAttack(g, u int) {
	if s.gTarget[g] < 0 {
		s.gTarget[g] = s.bSpace[u]
	}
	s.setRoll(rollAttackG, 10, g, u)
}

// RuleAction is the action the rules' priorities choose for the German
// seat: the next step of 8.1 (pass where the rules stop the counter) and
// the target of 9.1.1. It is an error at any other node.
func (s *State) RuleAction() (env.Action, error) {
	g := int(s.decUnit)
	switch {
	case s.roll != rollNone || s.phase == phOver:
		return 0, fmt.Errorf("the rules choose nothing at %q", s.Prompt())
	case s.dec == decGermanMove:
		var cand [MaxSpaces]int16
		var foot footField
		var way vehicleWays
		n := s.germanCandidates(g, s.gSpace[g], &cand, &foot, &way)
		switch {
		case n == 0:
			return ActPass, nil
		case s.aux2 > 0 && int(s.aux2) <= n:
			return ToAction(int(cand[s.aux2-1])), nil
		}
		return ToAction(int(cand[0])), nil
	case s.dec == decGermanFire:
		t := s.gTarget[g]
		if t < 0 {
			t = s.germanTargetSpace(g)
		}
		if u := s.germanTargetUnit(t); t >= 0 && u >= 0 {
			return AttackAction(u), nil
		}
		return 0, fmt.Errorf("the rules find no target for %s", s.data().German[g].Name)
	}
	return 0, fmt.Errorf("the rules play the German seat, not the British decision %q", s.Prompt())
}

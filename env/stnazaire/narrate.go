package stnazaire

import (
	"fmt"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// Narrate implements env.Narrator: what a die or a decision did, in the
// words of the printed game, for a person who moves the counters on the
// table: "Roderick fires at KM 3, roll 7", then "KM 3 pinned". A decision
// that moved nothing (choosing which commando moves next) says nothing.
// Face-down German counters stay anonymous, as the British player sees
// them.
func (s *State) Narrate(before env.State, a env.Action) string {
	b, ok := before.(*State)
	if !ok || b.g.data != s.g.data {
		return ""
	}
	changes := b.changesTo(s)
	var head string
	if b.CurrentPlayer() == env.Chance {
		head = b.Prompt()
		if i := strings.Index(head, "D10"); i >= 0 {
			if _, rest, ok := strings.Cut(head[i:], ": "); ok {
				head = rest
			}
		}
		head += ", " + b.ActionString(a)
	} else {
		if len(changes) == 0 {
			return ""
		}
		head = b.ActionString(a)
	}
	return strings.Join(append([]string{head}, changes...), "\n")
}

// SpaceName is a space as the map prints it, with its objective number:
// "Old Mole", "Pumping station (objective 3)".
func (s *State) SpaceName(sp int) string { return s.data().SpaceName(sp) }

// changesTo lists what differs between s and t that a player updates on
// the table: commandos landing, moving, reduced, pinned, rallied, lost or
// gone; German counters entering, revealed, moving, pinned, eliminated;
// objectives destroyed; the VP.
func (s *State) changesTo(t *State) []string {
	d := s.data()
	var out []string
	for u, bu := range d.British {
		from, to := s.bStatus[u], t.bStatus[u]
		var marks []string
		switch {
		case from == bAboard && to == bOnMap:
			out = append(out, fmt.Sprintf("%s lands at %s", bu.Name, t.SpaceName(int(t.bSpace[u]))))
		case from == bAboard && to == bNotLanded:
			out = append(out, bu.Name+" does not land")
		case from == bOnMap && to == bEliminated:
			out = append(out, bu.Name+" eliminated")
		case from == bOnMap && to == bCaptured:
			out = append(out, bu.Name+" captured")
		case from == bOnMap && to == bExited:
			out = append(out, fmt.Sprintf("%s leaves by %s", bu.Name, t.SpaceName(int(t.bSpace[u]))))
		case from == bOnMap && to == bOnMap && s.bSpace[u] != t.bSpace[u]:
			out = append(out, fmt.Sprintf("%s moves to %s", bu.Name, t.SpaceName(int(t.bSpace[u]))))
		}
		if to != bOnMap {
			continue
		}
		if !s.bf.has(u, fReduced) && t.bf.has(u, fReduced) {
			marks = append(marks, "reduced")
		}
		if !s.bf.has(u, fPinned) && t.bf.has(u, fPinned) {
			marks = append(marks, "pinned")
		}
		if s.bf.has(u, fPinned) && !t.bf.has(u, fPinned) && from == bOnMap {
			marks = append(marks, "rallies")
		}
		if len(marks) > 0 {
			out = append(out, bu.Name+" "+strings.Join(marks, " and "))
		}
	}
	for g, gu := range d.German {
		was, is := s.gLoc[g] == gOnMap, t.gLoc[g] == gOnMap
		hidden := t.gf.has(g, fConcealed)
		who := gu.Name
		if hidden || (!is && s.gf.has(g, fConcealed)) {
			who = "a face-down German counter"
		}
		switch {
		case !was && is:
			out = append(out, fmt.Sprintf("%s enters at %s", who, t.SpaceName(int(t.gSpace[g]))))
		case was && !is:
			out = append(out, who+" eliminated")
		case was && is && s.gSpace[g] != t.gSpace[g]:
			out = append(out, fmt.Sprintf("%s moves from %s to %s", who, s.SpaceName(int(s.gSpace[g])), t.SpaceName(int(t.gSpace[g]))))
		}
		if !is {
			continue
		}
		if was && s.gf.has(g, fConcealed) && !hidden {
			out = append(out, fmt.Sprintf("the counter at %s is %s (strength %d)", t.SpaceName(int(t.gSpace[g])), gu.Name, gu.Strength))
		}
		if !s.gf.has(g, fPinned) && t.gf.has(g, fPinned) {
			out = append(out, who+" pinned")
		}
		if was && s.gf.has(g, fPinned) && !t.gf.has(g, fPinned) {
			out = append(out, who+" rallies")
		}
	}
	for sp := range d.Spaces {
		if !s.destroyed.has(sp) && t.destroyed.has(sp) {
			o := d.Spaces[sp].Objective
			out = append(out, fmt.Sprintf("objective %d (%s) destroyed", o, d.ObjName[o]))
		}
	}
	if s.vp != t.vp {
		out = append(out, fmt.Sprintf("VP %d → %d", s.vp, t.vp))
	}
	return out
}

package stnazaire

import (
	"slices"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// scen builds a rule scenario: an empty map, then the units a test places,
// then a phase started, then actions and dice played by name.
type scen struct {
	t *testing.T
	s *State
}

func newScen(t *testing.T, mod func(*Options)) *scen {
	t.Helper()
	d, err := DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	o := DefaultOptions()
	if mod != nil {
		mod(&o)
	}
	g, err := NewGame(d, o, "")
	if err != nil {
		t.Fatal(err)
	}
	s := g.newState(1)
	for u := range d.British {
		s.bStatus[u], s.bSpace[u] = bNotLanded, -1
	}
	for i, gu := range d.German {
		s.gSpace[i], s.gf[i] = -1, uint8(fConcealed)
		switch {
		case isFlak(gu.Class):
			s.gLoc[i] = gRemoved
		case gu.Class == ClassInf679:
			s.gLoc[i] = gPoolB
		default:
			s.gLoc[i] = gPoolA
		}
	}
	s.dec, s.roll, s.decUnit = decNone, rollNone, -1
	return &scen{t: t, s: s}
}

func (c *scen) space(id string) int16 {
	c.t.Helper()
	sp, ok := c.s.data().spaceIdx[id]
	if !ok {
		c.t.Fatalf("no space %q", id)
	}
	return sp
}

// putB puts a commando on the map.
func (c *scen) putB(name, space string) int {
	c.t.Helper()
	u, ok := c.s.data().unitIdx[name]
	if !ok {
		c.t.Fatalf("no commando %q", name)
	}
	c.s.bStatus[u], c.s.bSpace[u] = bOnMap, c.space(space)
	return int(u)
}

// putG puts a German counter on the map, face up.
func (c *scen) putG(name, space string) int {
	c.t.Helper()
	g, ok := c.s.data().gerIdx[name]
	if !ok {
		c.t.Fatalf("no German counter %q", name)
	}
	sp := c.space(space)
	c.s.gLoc[g], c.s.gSpace[g], c.s.gOrigin[g] = gOnMap, sp, originPoolA
	c.s.gf.put(int(g), fConcealed, false)
	if isFlak(c.s.data().German[g].Class) {
		c.s.gOrigin[g] = originFixed
	} else if c.s.data().Spaces[sp].Ship {
		c.s.gOrigin[g] = originSetup
	}
	return int(g)
}

// start begins a phase of the current turn and runs to the first choice.
func (c *scen) start(turn int, phase uint8) {
	c.s.recount()
	c.s.turn, c.s.phase, c.s.step, c.s.cursor, c.s.aux, c.s.aux2 = int8(turn), phase, 0, 0, 0, 0
	c.s.advance()
}

// play applies actions by name ("roll 7", "to S12", "pass", ...).
func (c *scen) play(actions ...string) {
	c.t.Helper()
	for _, text := range actions {
		a, err := c.s.ParseAction(text)
		if err != nil {
			c.t.Fatal(err)
		}
		if err := c.s.Apply(a); err != nil {
			c.t.Fatalf("%s: %v\n%s", text, err, c.s)
		}
	}
}

// expect checks that the pending prompt mentions every fragment.
func (c *scen) expect(fragments ...string) {
	c.t.Helper()
	p := c.s.Prompt()
	for _, f := range fragments {
		if !strings.Contains(p, f) {
			c.t.Fatalf("prompt %q lacks %q\n%s", p, f, c.s)
		}
	}
}

// legal returns the legal action names.
func (c *scen) legal() []string {
	var out []string
	for _, a := range c.s.LegalActions(nil) {
		out = append(out, c.s.ActionString(a))
	}
	return out
}

// mustLegal checks whether an action, named as ParseAction reads it
// (spaces by id or by printed name), is legal now.
func (c *scen) mustLegal(action string, want bool) {
	c.t.Helper()
	a, err := c.s.ParseAction(action)
	if err != nil {
		c.t.Fatal(err)
	}
	got := slices.Contains(c.s.LegalActions(nil), a)
	if got != want {
		c.t.Fatalf("%q legal = %v, want %v; legal %v; %s", action, got, want, c.legal(), c.s.Prompt())
	}
}

func (c *scen) unit(name string) int   { return int(c.s.data().unitIdx[name]) }
func (c *scen) german(name string) int { return int(c.s.data().gerIdx[name]) }

func (c *scen) where(name string) string {
	d := c.s.data()
	if u, ok := d.unitIdx[name]; ok {
		if c.s.bStatus[u] != bOnMap {
			return bStatusNames[c.s.bStatus[u]]
		}
		return d.Spaces[c.s.bSpace[u]].ID
	}
	g := d.gerIdx[name]
	if c.s.gLoc[g] != gOnMap {
		return gLocNames[c.s.gLoc[g]]
	}
	return d.Spaces[c.s.gSpace[g]].ID
}

func (c *scen) wantWhere(name, want string) {
	c.t.Helper()
	if got := c.where(name); got != want {
		c.t.Fatalf("%s is at %s, want %s\n%s", name, got, want, c.s)
	}
}

var _ env.State = (*State)(nil)

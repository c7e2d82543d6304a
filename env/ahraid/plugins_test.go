package ahraid

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

var (
	_ env.Seater      = (*Game)(nil)
	_ env.BoardDrawer = (*Game)(nil)
	_ env.Caveats     = (*Game)(nil)
	_ env.LeafValuer  = (*State)(nil)
	_ env.Narrator    = (*State)(nil)
	_ env.PieceLister = (*State)(nil)
	_ env.RuleBot     = (*State)(nil)
	_ env.Prompter    = (*State)(nil)
	_ env.Phaser      = (*State)(nil)
)

func TestSeats(t *testing.T) {
	g, _ := env.NewGame(Name + ":opponent=seat")
	if env.SeatName(g, 0) != "British" || env.SeatName(g, 1) != "German" || g.NumPlayers() != 2 {
		t.Fatal("seats")
	}
	if Default().NumPlayers() != 1 {
		t.Fatal("the default game has one seat")
	}
}

func TestBoardAndPieces(t *testing.T) {
	g := Default()
	b := g.Board()
	d := g.Data()
	if b.Kind != env.BoardPoints || len(b.Cells) != len(d.Areas)+len(d.Zones) {
		t.Fatalf("board: %s with %d cells", b.Kind, len(b.Cells))
	}
	if _, err := json.Marshal(b); err != nil {
		t.Fatal(err)
	}
	for _, l := range b.Links {
		if l.A < 0 || l.B < 0 || l.A >= len(b.Cells) || l.B >= len(b.Cells) {
			t.Fatalf("link %v", l)
		}
	}
	s := midGame(g, 400, 2)
	boats, germans := 0, 0
	for _, p := range s.Pieces() {
		if p.Cell < -1 || p.Cell >= len(b.Cells) {
			t.Fatalf("%s on cell %d", p.Name, p.Cell)
		}
		if p.Side == "British" && strings.HasPrefix(p.Name, "ML") {
			boats++
		}
		if p.Side == "German" {
			germans++
		}
	}
	if germans == 0 {
		t.Fatal("no German pieces listed")
	}
}

// TestNarrate: what a landing and a die did, in the game's words.
func TestNarrate(t *testing.T) {
	d := Default().Data()
	s := at(3, stepLanding, func(s *State) { everyone(s, "LM", true) })
	for int(s.Cursor) != 3 {
		act(t, s, "pass")
	}
	before := s.Clone()
	act(t, s, "land 336")
	n := s.Narrate(before, LandAction(d.AreaIndex("336")))
	if !strings.Contains(n, "Birney is in area 336") || !strings.Contains(n, "ML 447") {
		t.Fatalf("landing narration: %q", n)
	}
	s = at(3, stepHarbour, func(s *State) {
		homeAll(s)
		s.BStat[5], s.BZone[5] = bAfloat, int8(d.ZoneIndex("A"))
	})
	roll(t, s, 1) // a hit on the lone boat
	before = s.Clone()
	roll(t, s, 6) // V-1 6 +2 for an ML: sunk (ML 307, the sixth boat)
	if n := s.Narrate(before, RollAction(6)); !strings.Contains(n, "ML 307 is sunk") {
		t.Fatalf("sinking narration: %q", n)
	}
	if p := s.Phase(); !strings.HasPrefix(p, "turn 3, step ") {
		t.Fatalf("phase %q", p)
	}
	if str := s.String(); !strings.Contains(str, "(0140)") {
		t.Fatalf("String does not show the clock: %q", str)
	}
}

func TestLeafValueCountsTheExplosion(t *testing.T) {
	s := still(19, func(s *State) { s.BFlags[0] = bfRammed | bfFast })
	if v := s.LeafValue()[0]; v <= s.VP() {
		t.Fatalf("leaf value %v does not see the rammed destroyer", v)
	}
	if len(Default().Caveats()) == 0 {
		t.Fatal("no caveats")
	}
}

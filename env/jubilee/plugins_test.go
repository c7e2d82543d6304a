package jubilee

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

func TestPlugins(t *testing.T) {
	g := Default()
	var _ env.Seater = g
	var _ env.Shaper = g
	var _ env.BoardDrawer = g
	var _ env.Caveats = g
	s := g.newState(4)
	var _ env.LeafValuer = s
	var _ env.Narrator = s
	var _ env.PieceLister = s
	var _ env.Prompter = s
	var _ env.Phaser = s
	shape := g.ObservationShape()
	if shape[0]*shape[1]*shape[2] != g.ObservationSize() {
		t.Errorf("shape %v, size %d", shape, g.ObservationSize())
	}
	b := g.Board()
	if b.Kind != env.BoardHexes || len(b.Cells) != len(g.data.Hexes) || len(b.Links) == 0 {
		t.Errorf("board: kind %s, %d cells, %d links", b.Kind, len(b.Cells), len(b.Links))
	}
	if len(g.Caveats()) == 0 || g.SeatNames()[0] != "Commonwealth" {
		t.Error("caveats and seat names")
	}
	if seat := mustGame(Options{Turns: 24, OpponentSeat: true}); len(seat.SeatNames()) != 2 || seat.SeatNames()[1] != "German" {
		t.Error("opponent=seat names the German seat")
	}
	rng := rand.New(rand.NewPCG(4, 4))
	var buf []env.Action
	chitNarrated := false
	for !s.IsTerminal() {
		if s.Prompt() == "" || !strings.HasPrefix(s.Phase(), "turn") && s.Phase() != "set-up" {
			t.Fatalf("no prompt or phase at %s", s.Phase())
		}
		buf = s.LegalActions(buf)
		a := buf[rng.IntN(len(buf))]
		before := s.Clone()
		wasChit := s.roll == rollChit
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
		if n := s.Narrate(before, a); wasChit && strings.Contains(strings.Split(n, "\n")[0], g.data.Chits[int(a)-aChit].Name) {
			chitNarrated = true
		}
		for _, p := range s.Pieces() {
			if p.Side == "German" && p.Name != "?" {
				found := false
				for gi, u := range g.data.German {
					found = found || (u.Name == p.Name && s.gF[gi]&gRevealed != 0)
				}
				if !found {
					t.Fatalf("a face-down German unit is named: %s", p.Name)
				}
			}
		}
		if lv := s.LeafValue(); len(lv) != 1 {
			t.Fatal("leaf value per seat")
		}
	}
	if !chitNarrated {
		t.Error("chit draws are narrated")
	}
}

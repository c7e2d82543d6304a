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
	var _ env.BoardActioner = s
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

// TestActionCell: along seeded random games, a move, an attack, a barrage
// or a chosen hex points at the hex it names (the board's cell of that
// name), a landing box at its beach hex, a unit's selection at the hex of
// its counter, and nothing else at a cell; and the attack on Battery
// Goebbels is a click on 1706, box W2 one on 0421.
func TestActionCell(t *testing.T) {
	g := Default()
	d := g.data
	b := g.Board()
	seen := map[string]int{}
	var buf []env.Action
	for seed := uint64(1); seed <= 3; seed++ {
		s := g.newState(seed)
		rng := rand.New(rand.NewPCG(seed, 9))
		for !s.IsTerminal() {
			buf = s.LegalActions(buf)
			for _, a := range buf {
				if s.roll != rollNone {
					break
				}
				name, ci, i := s.ActionString(a), s.ActionCell(a), int(a)
				verb := strings.Fields(name)[0]
				switch {
				case i >= aHex:
					h := (i - aHex) % MaxHexes
					if ci != h || name != verb+" "+b.Cells[ci].Name || !strings.HasPrefix(b.Cells[ci].Name, d.Hexes[h].ID+" ") {
						t.Fatalf("%q: cell %d, want %d (%s)", name, ci, h, d.Hexes[h].ID)
					}
					seen[verb]++
				case i >= aBox && i < aTrack:
					bx := &d.Boxes[i-aBox]
					if ci != int(bx.Beach) || name != "box "+bx.ID+" off "+b.Cells[ci].Name {
						t.Fatalf("%q: cell %d, want %s, where box %s lands", name, ci, d.Hexes[bx.Beach].ID, bx.ID)
					}
					seen[verb]++
				case i >= aUnit && i < aBox && s.cwSt[i-aUnit] == cwMap:
					if u := i - aUnit; ci != int(s.cwAt[u]) {
						t.Fatalf("%q: cell %d, want %s, where %s stands", name, ci, d.Hexes[s.cwAt[u]].ID, d.CW[u].Name)
					}
					seen[verb]++
				default:
					if ci != -1 {
						t.Fatalf("%q points at %s: it names no hex", name, b.Cells[ci].Name)
					}
				}
			}
			if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, verb := range []string{"move", "attack", "unit", "box"} {
		if seen[verb] == 0 {
			t.Errorf("no %q action on the map in the games: %v", verb, seen)
		}
	}

	s := g.newState(1)
	h := d.hexIdx["1706"]
	attack := env.Action(aAttack + h)
	if got, want := s.ActionString(attack), "attack 1706 Yellow, Battery Goebbels"; got != want {
		t.Errorf("ActionString %q, want %q", got, want)
	}
	if c := b.Cells[s.ActionCell(attack)]; c.ID != "1706" {
		t.Errorf("the attack on Battery Goebbels points at %s", c.Name)
	}
	if got, want := s.ActionString(env.Action(aMove+d.hexIdx["0517"])), "move 0517 Dieppe"; got != want {
		t.Errorf("ActionString %q, want %q", got, want)
	}
	for _, text := range []string{"attack 1706", "attack 1706 yellow, battery goebbels"} {
		if a, err := s.ParseAction(text); err != nil || a != attack {
			t.Errorf("ParseAction(%q) = %d, %v; want %d", text, a, err, attack)
		}
	}
	if _, err := s.ParseAction("attack 1706 Dieppe"); err == nil {
		t.Error("ParseAction reads a hex number with another hex's area")
	}
	w2 := env.Action(aBox + indexOf(boxIDs(d.File.Boxes), "W2"))
	if got, want := s.ActionString(w2), "box W2 off 0421 Dieppe"; got != want {
		t.Errorf("ActionString %q, want %q", got, want)
	}
	if c := b.Cells[s.ActionCell(w2)]; c.ID != "0421" || c.Label != "W2" {
		t.Errorf("box W2 points at %s, labelled %q", c.Name, c.Label)
	}
	for _, text := range []string{"box W2", "box W2 off 0421 dieppe"} {
		if a, err := s.ParseAction(text); err != nil || a != w2 {
			t.Errorf("ParseAction(%q) = %d, %v; want %d", text, a, err, w2)
		}
	}
	if _, err := s.ParseAction("box W2 off 0420 Dieppe"); err == nil {
		t.Error("ParseAction reads a box off another beach")
	}
}

package ahraid

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
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

	_ env.BoardActioner = (*State)(nil)
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

// TestActionCells: a move is played by a click on the place it names. A
// landing at the Old Mole points at area 336 and says so by name; an
// objective named otherwise than its area names the area; and along random
// games (the aid's Germans and a German seat) each decision's moves point
// at the board cell whose ID is the zone, area, objective's area, gun's
// area, German unit's area or commando's place the move is about.
func TestActionCells(t *testing.T) {
	g := Default()
	b := g.Board()
	d := g.Data()
	id := func(c int) string {
		if c < 0 {
			return "none"
		}
		return b.Cells[c].ID
	}
	s := at(3, stepLanding, func(s *State) { everyone(s, "LM", true) })
	for int(s.Cursor) != 3 {
		act(t, s, "pass")
	}
	land := LandAction(d.AreaIndex("336"))
	if n, c := s.ActionString(land), s.ActionCell(land); n != "land 336 (Old Mole landing stage)" || id(c) != "336" {
		t.Fatalf("the landing at the Old Mole is %q on cell %s", n, id(c))
	}
	if a, err := s.ParseAction("detonate Bridge M"); err != nil || s.ActionString(a) != "detonate Bridge M (460 Bridge M and the Customs house)" || id(s.ActionCell(a)) != "460" {
		t.Fatalf("detonate Bridge M: %q on cell %s (%v)", s.ActionString(a), id(s.ActionCell(a)), err)
	}
	if a, _ := s.ParseAction("prepare Pumping station"); s.ActionString(a) != "prepare Pumping station" || id(s.ActionCell(a)) != "112" {
		t.Fatalf("prepare Pumping station: %q on cell %s", s.ActionString(a), id(s.ActionCell(a)))
	}
	for _, text := range []string{"land 336", "land 336 (Old Mole landing stage)"} {
		if a, err := s.ParseAction(text); err != nil || a != land {
			t.Fatalf("ParseAction(%q) = %d, %v: not the landing", text, a, err)
		}
	}
	if _, err := s.ParseAction("land 336 (Pumping station)"); err == nil {
		t.Fatal("a landing at 336 read with another area's name")
	}
	if c := s.ActionCell(ActPass); c != -1 {
		t.Fatalf("pass points at cell %s", id(c))
	}

	// where names the board cell commando u stands on, as String does.
	where := func(s *State, u int) string {
		switch s.UStat[u] {
		case uAshore:
			return d.Areas[s.UWhere[u]].ID
		case uAboard:
			return d.Zones[s.BZone[s.UWhere[u]]].ID
		case uWater:
			return d.Zones[s.UWhere[u]].ID
		}
		return "none"
	}
	seen := map[string]int{}
	for _, spec := range []string{Name, Name + ":opponent=seat"} {
		gm, _ := env.NewGame(spec)
		err := envtest.Walk(gm, 4, rand.New(rand.NewPCG(2026, 11)), func(es env.State, legal []env.Action) error {
			st := es.(*State)
			for _, a := range legal {
				word, i := DecodeAction(a)
				want := "none"
				switch word {
				case "sail":
					want = d.Zones[i].ID
				case "to", "land":
					want = d.Areas[i].ID
					if n := st.ActionString(a); !strings.Contains(n, d.Areas[i].Name) {
						return fmt.Errorf("%q does not name area %s, %s", n, want, d.Areas[i].Name)
					}
				case "prepare", "detonate", "torpedo":
					want = d.Areas[d.Objectives[i].Area].ID
				case "gun":
					if d.Guns[i].Area >= 0 {
						want = d.Areas[d.Guns[i].Area].ID
					}
				case "fire":
					want = d.Areas[st.GArea[i]].ID
				case "embark", "at":
					want = where(st, i)
				}
				if got := id(st.ActionCell(a)); got != want {
					return fmt.Errorf("%s: %q points at %s, not %s", st.Prompt(), st.ActionString(a), got, want)
				}
				seen[word]++
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("moves checked: %v", seen)
	for _, w := range []string{"sail", "to", "land", "gun", "fire", "at", "prepare", "pass"} {
		if seen[w] == 0 {
			t.Errorf("no %q move in the games walked (%v)", w, seen)
		}
	}
}

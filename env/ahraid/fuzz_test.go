package ahraid

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
)

// midGame plays n random steps from the start, for fuzz seeds.
func midGame(g *Game, n int, seed uint64) *State {
	s := g.newState()
	rng := rand.New(rand.NewPCG(seed, 3))
	var buf []env.Action
	for range n {
		if s.IsTerminal() {
			break
		}
		buf = s.LegalActions(buf)
		s.Apply(buf[rng.IntN(len(buf))])
	}
	return s
}

func stateSeeds(g *Game) [][]byte {
	var seeds [][]byte
	for i, n := range []int{0, 40, 150, 400, 700} {
		b, _ := midGame(g, n, uint64(i)).MarshalJSON()
		seeds = append(seeds, b)
	}
	return append(seeds, []byte(`{}`), []byte(`{"game":"ahraid"`), seeds[2][:len(seeds[2])/2])
}

func FuzzUnmarshalState(f *testing.F) {
	g := Default()
	for _, b := range stateSeeds(g) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) { envtest.FuzzUnmarshal(t, g, data, 60) })
}

// TestUnmarshalSeedsThroughTheSuite runs the fuzz seeds through envtest's
// check, which plays on from accepted states.
func TestUnmarshalSeedsThroughTheSuite(t *testing.T) {
	g := Default()
	for _, data := range stateSeeds(g) {
		envtest.CheckUnmarshalNoPanic(t, g, data, pendingChecks...)
	}
}

// actionGames are the variants whose action notation is checked: with the
// aid's Germans and with a German seat.
func actionGames(tb testing.TB) []env.Game {
	return []env.Game{Default(), envtest.NewGame(tb, Name+":opponent=seat")}
}

// FuzzParseAction: every action text ParseAction accepts names an action
// that parses back (envtest.FuzzActionNames), in states reached by random
// play.
func FuzzParseAction(f *testing.F) {
	envtest.FuzzActionNames(f, actionGames(f), "pass", "yes", "ram", "pick up", "grenade", "exit", "roll 7",
		"sail AP", "to 336", "land 366", "embark Roy", "fire G3", "gun M60", "prepare Pumping station",
		"detonate North caisson", "torpedo Old Entrance lock gates", "at Chant", "17", "-1", "roll", "to", "", "sail",
		"gun Tower red", "to 366 (Old Entrance landing)", "land 336 (Old Mole landing stage)", "to 366 (Pumping station)",
		"detonate Bridge M (460 Bridge M and the Customs house)", "prepare Minesweeper 1 (425 East quay of the Bassin)",
		"torpedo South caisson (111 South caisson of the Normandie dock)", "to 225 (Tanker in the dock (south))")
}

// TestActionNamesRoundTrip: every action number ParseAction accepts names an
// action that parses back, in states along random games.
func TestActionNamesRoundTrip(t *testing.T) {
	for _, g := range actionGames(t) {
		envtest.CheckActionNamesInPlay(t, g, 3, 1)
	}
}

func FuzzParseData(f *testing.F) {
	f.Add(defaultJSON)
	f.Add([]byte(`{}`))
	f.Add(defaultJSON[:len(defaultJSON)/3])
	f.Add(bytes.Replace(defaultJSON, []byte(`"336"`), []byte(`"999"`), 1))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ParseData(data)
		if err != nil {
			return
		}
		g, err := NewGame(d, DefaultOptions(), "")
		if err != nil {
			return
		}
		s := g.newState()
		rng := rand.New(rand.NewPCG(1, 1))
		var buf []env.Action
		for k := 0; k < 2000 && !s.IsTerminal(); k++ {
			buf = s.LegalActions(buf)
			if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
	})
}

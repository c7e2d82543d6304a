package envtest

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/internal/rng"
)

// playRandomGames is how many games checkRandomOutcomes plays each way
// (fewer in short mode): enough to tell a biased PlayRandom, whose mean
// return differs by a tenth of a win, from a fair one.
const (
	playRandomGames      = 4000
	playRandomGamesShort = 1000
)

// checkPlayRandom checks env.RandomPlayer at state s (its JSON j0): from
// two clones and two equal streams it plays the same game, to the end,
// advancing the streams alike, to a state the game reads back and whose
// returns keep the facts; s itself is left as it was.
func (c *checker) checkPlayRandom(s env.State, j0 []byte, step int) error {
	var p, q rng.PCG
	p.Seed(c.cfg.Seed, uint64(step))
	q = p
	a, okA := s.Clone().(env.RandomPlayer)
	b, okB := s.Clone().(env.RandomPlayer)
	if !okA || !okB {
		return errors.New("a clone is not an env.RandomPlayer")
	}
	a.PlayRandom(&p)
	b.PlayRandom(&q)
	if j, _ := s.MarshalJSON(); !bytes.Equal(j, j0) {
		return fmt.Errorf("PlayRandom on a clone changed the state to %s", clip(j))
	}
	end := a.(env.State)
	if !end.IsTerminal() {
		return fmt.Errorf("PlayRandom stopped before the end, at %s", clip(mustJSON(end)))
	}
	ja, jb := mustJSON(end), mustJSON(b.(env.State))
	if !bytes.Equal(ja, jb) || p != q {
		return fmt.Errorf("PlayRandom from the same stream played %s, then %s, or drew differently", clip(ja), clip(jb))
	}
	back, err := c.g.UnmarshalState(ja)
	if err != nil {
		return fmt.Errorf("PlayRandom's end %s is not a state the game reads back: %w", clip(ja), err)
	}
	if !bytes.Equal(mustJSON(back), ja) {
		return fmt.Errorf("PlayRandom's end %s does not round-trip", clip(ja))
	}
	if err := c.facts.CheckReturns(end.Returns(), true); err != nil {
		return fmt.Errorf("PlayRandom's end: %w", err)
	}
	return nil
}

// checkRandomOutcomes plays games from the initial state by PlayRandom
// and by uniform decisions and sampled chance through LegalActions and
// Apply, and checks that each seat's mean return agrees within five
// standard errors of the difference, as search/playrandom_test.go and
// connectfour's TestPlayRandomIsUniform do for Connect Four.
func (c *checker) checkRandomOutcomes() error {
	n := playRandomGames
	if testing.Short() {
		n = playRandomGamesShort
	}
	np := c.g.NumPlayers()
	var src rng.PCG
	src.Seed(c.cfg.Seed, 0x706c6179)
	fast := make([]meanVar, np)
	slow := make([]meanVar, np)
	rnd := rand.New(rand.NewPCG(c.cfg.Seed, 0x6c6f6f70))
	var legal []env.Action
	for i := range n {
		s := c.g.NewInitialState(c.cfg.Seed + uint64(i))
		s.(env.RandomPlayer).PlayRandom(&src)
		if !s.IsTerminal() {
			return fmt.Errorf("PlayRandom stopped before the end, at %s", clip(mustJSON(s)))
		}
		for p, r := range s.Returns() {
			fast[p].add(r)
		}
		s = c.g.NewInitialState(c.cfg.Seed + uint64(i))
		for steps := 0; !s.IsTerminal(); steps++ {
			if steps == c.cfg.MaxSteps {
				return fmt.Errorf("a random game through Apply not over after %d steps", steps)
			}
			var a env.Action
			if s.CurrentPlayer() == env.Chance {
				a = env.SampleChance(s.ChanceOutcomes(nil), rnd)
			} else {
				legal = s.LegalActions(legal)
				a = legal[rnd.IntN(len(legal))]
			}
			if err := s.Apply(a); err != nil {
				return fmt.Errorf("random game through Apply: %w", err)
			}
		}
		for p, r := range s.Returns() {
			slow[p].add(r)
		}
	}
	for p := range np {
		f, s := fast[p], slow[p]
		se := math.Sqrt(f.variance()/f.n + s.variance()/s.n)
		if d := math.Abs(f.mean() - s.mean()); d > 5*se+1e-12 {
			return fmt.Errorf("seat %d's mean return over %d games is %.4f by PlayRandom, %.4f through Apply (%.1f standard errors apart)",
				p, n, f.mean(), s.mean(), d/max(se, 1e-300))
		}
	}
	return nil
}

// meanVar accumulates a sample's mean and variance.
type meanVar struct{ n, sum, sq float64 }

func (m *meanVar) add(x float64)    { m.n++; m.sum += x; m.sq += x * x }
func (m meanVar) mean() float64     { return m.sum / m.n }
func (m meanVar) variance() float64 { return max(0, m.sq/m.n-m.mean()*m.mean()) }
func mustJSON(s env.State) []byte   { j, _ := s.MarshalJSON(); return j }

package jubilee

import (
	"fmt"
	"math/rand/v2"

	"github.com/chariot-ai/chariot/env"
)

// Name is the registry name of the game.
const Name = "jubilee"

func init() {
	env.Register(env.Registration{
		Name:        Name,
		Description: "Operation Jubilee (Dieppe, 1942): solitaire, the Commonwealth raid against rule-driven Germans, 24 turns",
		Options:     optionDocs,
		New:         env.DataGame(ParseOptions, LoadData, DefaultData, NewGame),
	})
}

// Game is Operation Jubilee under one data set and set of options.
type Game struct {
	data     *Data
	opts     Options
	dataPath string
}

var _ env.Game = (*Game)(nil)

// NewGame builds a game; dataPath is recorded in Options().
func NewGame(d *Data, o Options, dataPath string) (*Game, error) {
	if o.Turns < 1 || o.Turns > numTurns {
		return nil, fmt.Errorf("turns %d out of 1..%d", o.Turns, numTurns)
	}
	return &Game{data: d, opts: o, dataPath: dataPath}, nil
}

// Default is the game with the embedded data and default options.
func Default() *Game { return mustGame(DefaultOptions()) }

func mustGame(o Options) *Game { return env.MustEmbedded(DefaultData, NewGame, o) }

// Data returns the game's immutable data.
func (g *Game) Data() *Data { return g.data }

// Opts returns the options in force.
func (g *Game) Opts() Options { return g.opts }

// Name is "jubilee".
func (g *Game) Name() string { return Name }

// Options is the canonical option text.
func (g *Game) Options() string { return env.DataOptions(g.opts.Params(), g.dataPath) }

// NumPlayers is 1 (the CW), or 2 with opponent=seat.
func (g *Game) NumPlayers() int {
	if g.opts.OpponentSeat {
		return 2
	}
	return 1
}

// NumDistinctActions is the size of the fixed action space.
func (g *Game) NumDistinctActions() int { return numActions }

// SeatNames names the sides as the printed game does.
func (g *Game) SeatNames() []string {
	if g.opts.OpponentSeat {
		return []string{"Commonwealth", "German"}
	}
	return []string{"Commonwealth"}
}

// NewInitialState sets up the game (3): German units face down at random
// in the positions of their letters, from the seed's hidden stream.
func (g *Game) NewInitialState(seed uint64) env.State { return g.newState(seed) }

func (g *Game) newState(seed uint64) *State {
	d := g.data
	s := &State{g: g, turn: 1, phase: phSetup, chit: -1, sel: -1, tgt: -1, hits: -1}
	s.hidden = *rand.NewPCG(seed, 0xD1E99E1942)
	for p := range s.posUnit {
		s.posUnit[p] = -1
	}
	for i := range d.German {
		s.gPos[i], s.gDepth[i] = -1, -1
	}
	// 3.1: each unit, face down, into a random free position of its letter.
	for i, u := range d.German {
		n := 0
		for p := range d.Positions {
			if d.Positions[p].Letter == u.Letter && s.posUnit[p] < 0 {
				n++
			}
		}
		k := int(s.hidden.Uint64() % uint64(n))
		for p := range d.Positions {
			if d.Positions[p].Letter == u.Letter && s.posUnit[p] < 0 {
				if k == 0 {
					s.gPos[i], s.posUnit[p] = int8(p), int8(i)
					break
				}
				k--
			}
		}
	}
	// 3.2: the pre-landing aerial attack.
	for _, id := range []string{"0517", "0620", "0522"} {
		if h, ok := d.hexIdx[id]; ok && d.Hexes[h].Pos >= 0 {
			if u := s.posUnit[d.Hexes[h].Pos]; u >= 0 {
				s.gF[u] |= gDisrupted
			}
		}
	}
	// 3.3: CW units on the turn track, transport markers at their highest
	// boxes, replacements aside, chits in the cup, depth in the Depth box.
	for u, c := range d.CW {
		s.cwSt[u], s.cwTurn[u], s.cwSteps[u], s.cwAt[u] = cwTrack, c.Turn, c.MaxSteps, -1
	}
	for t := range d.Tracks {
		s.tp[t] = d.Tracks[t].Max
	}
	s.repl = d.Repl
	for m := range s.boardHex {
		s.boardHex[m] = -1
	}
	s.advance()
	return s
}

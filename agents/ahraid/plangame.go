package ahraid

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/chariot-ai/chariot/internal/rng"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	raid "github.com/chariot-ai/chariot/env/ahraid"
)

// planGame is the raid seen at the grain of plans, for plansearch: the
// British decide once a turn, at the turn's first British decision, how to
// change their plan (a planMove); the plan plays every other British
// decision inside Apply. IS-MCTS searches this game as it searches any
// other, over a handful of choices a turn instead of a dozen primitive
// ones a decision. Without a book the dice are chance nodes, and the view
// is a game like any other (envtest checks it); with one they are the
// hidden part of the position, redrawn by Resample, dealt from a book the
// search's states share, so that the view is no longer reproducible from
// a seed alone.
type planGame struct {
	g     *raid.Game
	moves []planMove // the moves offered, keep first
	from  int        // the first turn with a plan decision
	// book, if set, deals the dice: they are rolled inside Apply from a
	// world (a seed) that the simulation's first plan move draws from the
	// book, instead of being chance nodes (see worldBook).
	book *worldBook
}

// worldBook gives a search common random numbers. The future dice are the
// hidden part of a position: each simulation plays one world, a seed from
// which every die is rolled, each turn's step from its own stream, so
// that two plans played in the same world meet the same dice turn by turn
// and step by step wherever they roll the same number of them. The book
// deals the i-th simulation through each root move the i-th world, and
// keeps its final VP, so that moves are compared world by world (a paired
// comparison): the dice that make a rollout swing by a dozen points cancel
// out of the difference.
type worldBook struct {
	base uint64              // the search's worlds derive from it
	vp   [numMoves][]float64 // vp[m][i]: root move m played in world i
	next [numMoves]int       // worlds dealt to each root move
	free int                 // worlds dealt to states that began without a plan move
}

// reset starts a new search's worlds.
func (b *worldBook) reset(base uint64) {
	b.base, b.next, b.free = base, [numMoves]int{}, 0
	for m := range b.vp {
		b.vp[m] = b.vp[m][:0]
	}
}

// world is the seed of world i.
func (b *worldBook) world(i int) uint64 { return rng.Mix64(b.base ^ rng.Mix64(uint64(i)+1)) }

// planMove is one way to change the plan at the start of a turn.
type planMove uint8

const (
	moveKeep  planMove = iota // the plan as it is
	moveLeave                 // the commandos make for the exits from this turn on
	moveStay                  // they leave two turns later than planned
	moveRush                  // land anywhere allowed, or only at the assigned places (toggle)
	moveGuns                  // go for the guns first, or not (toggle)
	moveDock                  // the dry dock's targets only, or every target (toggle)
	moveCover                 // covering fire, or none (toggle)
	numMoves
)

var moveNames = [numMoves]string{"keep", "leave", "stay", "rush", "guns", "dock", "cover"}

var moveHelp = [numMoves]string{"the plan as it is", "the commandos make for the exits from this turn on",
	"they leave two turns later than planned", "toggle: land anywhere allowed / only at the assigned places",
	"toggle: the guns first", "toggle: the dry dock's targets only", "toggle: covering fire"}

// parseMoves reads a list of moves joined by '+'; keep is always offered,
// first.
func parseMoves(spec string) ([]planMove, error) {
	moves := []planMove{moveKeep}
	for _, w := range strings.Split(spec, "+") {
		if w == "" || w == "keep" {
			continue
		}
		i := slices.Index(moveNames[:], w)
		if i < 0 {
			return nil, fmt.Errorf("%q is not a plan move (%s)", w, strings.Join(moveNames[1:], ", "))
		}
		if !slices.Contains(moves, planMove(i)) {
			moves = append(moves, planMove(i))
		}
	}
	return moves, nil
}

// withdrawTurns is p's Withdraw with its default filled in.
func withdrawTurns(p Plan) int {
	if p.Withdraw == 0 {
		return 3
	}
	return p.Withdraw
}

// apply returns plan p changed by move m at turn, and whether m changes it
// (a move that changes nothing is not offered).
func (m planMove) apply(p Plan, turn, turns int) (Plan, bool) {
	w := withdrawTurns(p)
	switch m {
	case moveKeep:
		return p, true
	case moveLeave:
		if turn >= turns-w {
			return p, false // leaving already
		}
		p.Withdraw = turns - turn
	case moveStay:
		if w-2 < 1 {
			return p, false
		}
		p.Withdraw = w - 2
	case moveRush:
		p.Rush = !p.Rush
	case moveGuns:
		p.GunsFirst = !p.GunsFirst
	case moveDock:
		p.DockOnly = !p.DockOnly
	case moveCover:
		p.Cover = !p.Cover
	}
	return p, true
}

// planPoint reports whether s asks for a plan decision: the first British
// decision of a turn from turn from, the last decision having been taken
// at turn asked.
func planPoint(s *raid.State, asked, from int) bool {
	return s.CurrentPlayer() == 0 && s.TurnNumber() > asked && s.TurnNumber() >= from
}

func (pg *planGame) Name() string    { return raid.Name + "-plans" }
func (pg *planGame) Options() string { return pg.g.Options() }
func (pg *planGame) NumPlayers() int { return 1 }

// NumDistinctActions spans the plan moves and the raid's actions, whose
// chance outcomes the view keeps as they are.
func (pg *planGame) NumDistinctActions() int { return max(int(numMoves), pg.g.NumDistinctActions()) }
func (pg *planGame) ObservationSize() int    { return pg.g.ObservationSize() }

// Facts are the raid's: the same returns, dice and longest game (the plan
// plays some of the raid's steps inside one), for its one seat.
func (pg *planGame) Facts() env.Facts { return pg.g.Facts() }

// NewInitialState starts the raid with plan Withdraw.
func (pg *planGame) NewInitialState(seed uint64) env.State {
	return pg.newState(pg.g.NewInitialState(seed).(*raid.State), plans[len(plans)-1].plan, 0)
}

// newState wraps s, whose plan is p and whose last plan decision was taken
// at turn asked, and plays the plan up to the next die or plan decision.
func (pg *planGame) newState(s *raid.State, p Plan, asked int) *planState {
	ag, _ := New(pg.g, p) // pg.g is a raid game
	ps := &planState{pg: pg, s: s, asked: asked, ag: ag, root: -1}
	ps.settle()
	return ps
}

type planJSON struct {
	State json.RawMessage `json:"state"`
	Plan  Plan            `json:"plan"`
	Asked int             `json:"asked"`
}

func (pg *planGame) UnmarshalState(data []byte) (env.State, error) {
	var j planJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return nil, fmt.Errorf("plan view: %w", err)
	}
	st, err := pg.g.UnmarshalState(j.State)
	if err != nil {
		return nil, err
	}
	return pg.newState(st.(*raid.State), j.Plan, j.Asked), nil
}

// planState is a position of planGame: the raid and the plan in force.
type planState struct {
	pg    *planGame
	s     *raid.State
	ag    *Agent // plays the plan; ag.p is the plan
	asked int
	buf   []env.Action
	// With a book: the root move (-1 before it) and world of this
	// simulation, and the dice stream of the step under way (key).
	root  int8
	world int
	dealt bool
	key   uint64
	src   rand.PCG
	out   []env.Outcome
}

// settle plays the plan's British decisions, and with a book the dice,
// until a plan decision or the end.
func (ps *planState) settle() {
	for {
		var a env.Action
		switch p := ps.s.CurrentPlayer(); {
		case p == 0 && !planPoint(ps.s, ps.asked, ps.pg.from):
			var err error
			if a, err = ps.ag.Act(context.Background(), ps.s); err != nil {
				panic("plan view: " + err.Error()) // the plans play every British decision
			}
		case p == env.Chance && ps.pg.book != nil:
			a = ps.roll()
		default:
			if p == env.Terminal && ps.pg.book != nil && ps.root >= 0 {
				b := ps.pg.book
				vp := &b.vp[ps.root]
				for len(*vp) <= ps.world {
					*vp = append(*vp, 0)
				}
				(*vp)[ps.world] = ps.s.Returns()[0]
			}
			return
		}
		if err := ps.s.Apply(a); err != nil {
			panic("plan view: " + err.Error())
		}
	}
}

// roll draws the die due from the world's stream of the step under way.
func (ps *planState) roll() env.Action {
	if !ps.dealt {
		ps.deal(-1)
	}
	if key := uint64(ps.s.Turn)<<8 | uint64(ps.s.Step); key != ps.key {
		ps.src.Seed(ps.pg.book.world(ps.world), key)
		ps.key = key
	}
	ps.out = ps.s.ChanceOutcomes(ps.out)
	u, acc := float64(ps.src.Uint64()>>11)/(1<<53), 0.0
	for _, o := range ps.out {
		if acc += o.Prob; u < acc {
			return o.Action
		}
	}
	return ps.out[len(ps.out)-1].Action
}

// deal takes the state's world from the book: the next world of root move
// m, or of none.
func (ps *planState) deal(m int) {
	b := ps.pg.book
	ps.dealt, ps.key = true, 0
	if m < 0 {
		ps.world = 1<<40 + b.free // apart from the root moves' worlds
		b.free++
		return
	}
	ps.root, ps.world = int8(m), b.next[m]
	b.next[m]++
}

func (ps *planState) Game() env.Game { return ps.pg }

func (ps *planState) CurrentPlayer() env.Player { return ps.s.CurrentPlayer() }

// LegalActions are the moves offered that change the plan, and keep.
func (ps *planState) LegalActions(buf []env.Action) []env.Action {
	buf = buf[:0]
	if ps.s.CurrentPlayer() != 0 {
		return ps.s.LegalActions(buf)
	}
	for _, m := range ps.pg.moves {
		if _, ok := m.apply(ps.ag.p, ps.s.TurnNumber(), ps.pg.g.Turns()); ok {
			buf = append(buf, env.Action(m))
		}
	}
	slices.Sort(buf)
	return buf
}

func (ps *planState) ChanceOutcomes(buf []env.Outcome) []env.Outcome {
	return ps.s.ChanceOutcomes(buf)
}

func (ps *planState) Apply(a env.Action) error {
	if ps.s.CurrentPlayer() != 0 {
		if err := ps.s.Apply(a); err != nil {
			return err
		}
		ps.settle()
		return nil
	}
	ps.buf = ps.LegalActions(ps.buf)
	if !slices.Contains(ps.buf, a) {
		return fmt.Errorf("%w: plan move %d at %s", env.ErrIllegal, a, ps.s.Phase())
	}
	if ps.pg.book != nil && !ps.dealt {
		ps.deal(int(a))
	}
	ps.ag.p, _ = planMove(a).apply(ps.ag.p, ps.s.TurnNumber(), ps.pg.g.Turns())
	ps.asked = ps.s.TurnNumber()
	ps.settle()
	return nil
}

func (ps *planState) ActionString(a env.Action) string {
	if ps.s.CurrentPlayer() == 0 && a >= 0 && int(a) < int(numMoves) {
		return moveNames[a]
	}
	return ps.s.ActionString(a)
}

// OutcomeLabel is the raid's: a die is entered as the raid enters it.
func (ps *planState) OutcomeLabel(a env.Action) (int, string) { return ps.s.OutcomeLabel(a) }

func (ps *planState) ParseAction(text string) (env.Action, error) {
	if ps.s.CurrentPlayer() != 0 {
		return ps.s.ParseAction(text) // a die, named as the raid names it
	}
	if i := slices.Index(moveNames[:], text); i >= 0 {
		return env.Action(i), nil
	}
	if n, err := strconv.Atoi(text); err == nil {
		return env.Action(n), nil
	}
	return 0, fmt.Errorf("%q is not a plan move (%s)", text, strings.Join(moveNames[:], ", "))
}

func (ps *planState) Clone() env.State {
	c := *ps
	c.s = ps.s.Clone().(*raid.State)
	ag := *ps.ag
	ag.buf = nil
	c.ag, c.buf, c.out = &ag, nil, nil
	return &c
}

func (ps *planState) IsTerminal() bool         { return ps.s.IsTerminal() }
func (ps *planState) Returns() []float64       { return ps.s.Returns() }
func (ps *planState) Score() env.Score         { return ps.s.Score() }
func (ps *planState) String() string           { return fmt.Sprintf("plan %+v\n%s", ps.ag.p, ps.s) }
func (ps *planState) Observe(p env.Player) any { return ps.s.Observe(p) }

func (ps *planState) Observation(p env.Player, buf []float32) []float32 {
	return ps.s.Observation(p, buf)
}

func (ps *planState) MarshalJSON() ([]byte, error) {
	st, err := ps.s.MarshalJSON()
	if err != nil {
		return nil, err
	}
	return json.Marshal(planJSON{State: st, Plan: ps.ag.p, Asked: ps.asked})
}

// Resample is a clone: nothing in the raid is hidden but, with a book,
// the future dice, whose world the clone's first plan move will draw.
func (ps *planState) Resample(p env.Player, rng *rand.Rand) env.State {
	c := ps.Clone().(*planState)
	if ps.pg.book != nil {
		c.root, c.dealt = -1, false
	}
	return c
}

// keepPlan is the rollout of planGame: it keeps the plan.
var keepPlan = agents.Registration{
	Name:        "keepplan",
	Description: "plansearch's rollout on its view of the raid by plans: keeps the plan (plays no registered game)",
	Supports:    func(g env.Game) bool { _, ok := g.(*planGame); return ok },
	New: func(env.Game, env.Params, uint64) (agents.Agent, error) {
		return keeper{}, nil
	},
}

func init() { agents.Register(keepPlan) }

type keeper struct{}

func (keeper) Act(context.Context, env.State) (env.Action, error) { return env.Action(moveKeep), nil }

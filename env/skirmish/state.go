package skirmish

import (
	"github.com/chariot-ai/chariot/env"
)

// Figure status.
const (
	stAway int8 = iota // not yet landed, or in the reinforcement pool
	stOn               // on the table
	stDead             // eliminated
	stOut              // left the table by the exit edge (commandos)
)

var statusNames = [...]string{"away", "on", "eliminated", "exited"}

// Figure flags.
const (
	flDone    uint8 = 1 << iota // activated (or gave up its activation) this turn
	flBoosted                   // an officer gave it +1 this turn
	flLit                       // a searchlight that is lit
)

// fig is one figure's changing state.
type fig struct {
	x, y int32
	st   int8
	fl   uint8
}

func (f *fig) pos() pt { return pt{int64(f.x), int64(f.y)} }

// Phases of a turn (Turns; German phase authored, reactions.go).
const (
	phBritish int8 = iota
	phAlarm
	phLights
	phPillbox
	phGerman
	phReinforce
	phOver
)

var phaseNames = [...]string{"commando activations", "alarm", "searchlights", "pillbox fire", "German activations", "reinforcements", "over"}

// Steps: what the state waits for. Decisions are the side of the phase's;
// the rest are dice.
const (
	stepIdle int8 = iota
	stepSelect
	stepBoost
	stepAct
	stepPillbox
	dieActivation
	dieHit
	dieSave
	dieMortar
	dieFightBritish // the commando's two dice, highest kept
	dieFightGerman
	dieRerollBritish
	dieRerollGerman
	dieDemolition
	dieAlarm
	dieLight
	dieReinforce
)

var stepNames = [...]string{"idle", "select", "boost", "act", "pillbox", "activation", "hit", "save", "mortar",
	"fight_british", "fight_german", "reroll_british", "reroll_german", "demolition", "alarm", "light", "reinforce"}

// Block flags of the acting unit (Movement, Shooting; RULINGS S4).
const (
	blMoved    uint8 = 1 << iota // has moved this activation
	blShot                       // has shot this activation
	blLastMove                   // the last action was a move
	blLastShot                   // the last action was a shot
	blStopped                    // the 6" stop ended its movement
)

// State is one position. It is flat: Clone is a copy.
type State struct {
	env.PerfectInformation
	g      *Game
	f      [MaxFigures]fig
	gone   uint32 // destroyed targets and removed wire, by feature
	turn   int8
	phase  int8
	step   int8
	alarm  bool
	cur    int8 // the acting figure, the pillbox firing or the searchlight checked; -1 none
	acts   int8 // actions left to the acting unit
	blk    uint8
	tgt    int8  // the figure or feature a pending die is about
	aux    int8  // the commando's hand-to-hand score; the officer directing
	cursor int8  // next pillbox, searchlight or entry to consider
	lost   int8  // commandos eliminated
	out    int8  // commandos exited
	kills  int8  // German figures eliminated
	vp     int16 // VP of destroyed targets
}

var (
	_ env.State    = (*State)(nil)
	_ env.Prompter = (*State)(nil)
	_ env.Phaser   = (*State)(nil)
)

func (s *State) data() *Data          { return s.g.data }
func (s *State) def(i int) *FigureDef { return &s.g.data.Figures[i] }
func (s *State) side(i int) int       { return s.g.data.Figures[i].Side }
func (s *State) on(i int) bool        { return s.f[i].st == stOn }
func (s *State) nf() int              { return len(s.g.data.Figures) }
func (s *State) isGone(f int) bool    { return s.gone&(1<<f) != 0 }

// Game returns the game.
func (s *State) Game() env.Game { return s.g }

// phaseSide is who decides in the current phase.
func (s *State) phaseSide() int {
	if s.phase == phBritish {
		return British
	}
	return German
}

// CurrentPlayer is seat 0 (British), seat 1 (German, opponent=seat),
// Chance or Terminal.
func (s *State) CurrentPlayer() env.Player {
	switch {
	case s.phase == phOver:
		return env.Terminal
	case s.step >= dieActivation:
		return env.Chance
	}
	return env.Player(s.phaseSide())
}

// IsTerminal reports whether the game is over.
func (s *State) IsTerminal() bool { return s.phase == phOver }

// Clone copies the state.
func (s *State) Clone() env.State { c := *s; return &c }

// VP is the score: destroyed targets, exited and lost commandos (authored
// victory, data/README.md). At the end, commandos still on the table are
// captured and count as lost.
func (s *State) VP() int {
	d := s.data()
	lost := int(s.lost)
	if s.phase == phOver {
		lost += s.captured()
	}
	return int(s.vp) + d.ExitedVP*int(s.out) + d.LostVP*lost
}

// captured counts commandos still on the table.
func (s *State) captured() int {
	n := 0
	for i := range s.nf() {
		if s.side(i) == British && s.f[i].st == stOn {
			n++
		}
	}
	return n
}

// Returns is the VP for the British; the Germans, when a seat, get its
// negative.
func (s *State) Returns() []float64 {
	v := float64(s.VP())
	if s.g.opts.Seat {
		return []float64{v, -v}
	}
	return []float64{v}
}

// Verdict is the victory level reached.
func (s *State) Verdict() string {
	vp := s.VP()
	for _, l := range s.data().Levels {
		if vp >= l.MinVP {
			return l.Name
		}
	}
	return s.data().Levels[len(s.data().Levels)-1].Name
}

// Score summarises the game.
func (s *State) Score() env.Score {
	targets := 0
	for f, ft := range s.data().Features {
		if ft.Kind == FTarget && s.isGone(f) {
			targets++
		}
	}
	lost := int(s.lost)
	if s.phase == phOver {
		lost += s.captured()
	}
	// The level is given at the end only: until then the commandos still
	// ashore are not counted, and the opening's 0 VP would read as a
	// success.
	verdict := ""
	if s.phase == phOver {
		verdict = s.Verdict()
	}
	return env.Score{Value: float64(s.VP()), Verdict: verdict, Metrics: []env.Metric{
		{Name: "targets", Value: float64(targets)},
		{Name: "target_vp", Value: float64(s.vp)},
		{Name: "commandos_lost", Value: float64(lost)},
		{Name: "commandos_exited", Value: float64(s.out)},
		{Name: "germans_eliminated", Value: float64(s.kills)},
		{Name: "turn", Value: float64(s.turn)},
	}}
}

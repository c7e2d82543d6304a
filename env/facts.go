package env

import (
	"errors"
	"fmt"
	"math"
)

// Utility says how the seats' final returns relate, as OpenSpiel's
// GameType.Utility does.
type Utility string

const (
	// ZeroSum: the final returns sum to 0.
	ZeroSum Utility = "zero-sum"
	// ConstantSum: the final returns sum to Facts.UtilitySum.
	ConstantSum Utility = "constant-sum"
	// GeneralSum: no relation; a one-seat game is general-sum.
	GeneralSum Utility = "general-sum"
	// Identical: every seat gets the same return.
	Identical Utility = "identical"
)

// Facts are what a game states about itself before any play, after
// OpenSpiel's GameType and GameInfo, so that generic code need not guess
// them from what it sees: a search bounds its simulations by
// MaxGameLength and knows the range of the returns it normalises. Every
// game declares them
// (FactsDeclarer); envtest checks them against random play.
type Facts struct {
	Utility Utility `json:"utility"`
	// UtilitySum is the sum of the final returns of a constant-sum game.
	UtilitySum float64 `json:"utility_sum,omitempty"`
	// MinReturn and MaxReturn bound every seat's Returns, at every state
	// (the running score before the end as well as the result).
	MinReturn float64 `json:"min_return"`
	MaxReturn float64 `json:"max_return"`
	// MaxGameLength bounds the steps of a game, decisions and chance
	// outcomes alike, from NewInitialState to the end: the longest game,
	// or a bound the game's Facts method documents. 0 says the rules allow
	// a game without end (Pig without a horizon, both players rolling for
	// ever).
	MaxGameLength int `json:"max_game_length"`
	// MaxChanceOutcomes bounds the outcomes of one chance node; 0 for a
	// game without chance.
	MaxChanceOutcomes int `json:"max_chance_outcomes"`
}

// FactsDeclarer is implemented by every game: the conformance suite fails
// one that does not. (It is an interface of its own, not a Game method, so
// that a test's throwaway game need not declare it.)
type FactsDeclarer interface {
	Facts() Facts
}

// GameFacts returns g's declared facts, or false where it declares none.
func GameFacts(g Game) (Facts, bool) {
	d, ok := g.(FactsDeclarer)
	if !ok {
		return Facts{}, false
	}
	return d.Facts(), true
}

// Check reports the first way in which f contradicts itself or a game of
// numPlayers seats.
func (f Facts) Check(numPlayers int) error {
	switch f.Utility {
	case ZeroSum, ConstantSum, GeneralSum, Identical:
	case "":
		return errors.New("facts: no utility declared")
	default:
		return fmt.Errorf("facts: unknown utility %q", f.Utility)
	}
	for _, v := range []float64{f.MinReturn, f.MaxReturn, f.UtilitySum} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("facts: %v is not a finite number", v)
		}
	}
	switch {
	case f.MinReturn > f.MaxReturn:
		return fmt.Errorf("facts: min return %v above max return %v", f.MinReturn, f.MaxReturn)
	case f.MaxGameLength < 0 || f.MaxChanceOutcomes < 0:
		return fmt.Errorf("facts: negative bound (longest game %d, chance outcomes %d)", f.MaxGameLength, f.MaxChanceOutcomes)
	case f.UtilitySum != 0 && f.Utility != ConstantSum:
		return fmt.Errorf("facts: a utility sum of %v in a %s game", f.UtilitySum, f.Utility)
	case numPlayers == 1 && f.Utility != GeneralSum:
		return fmt.Errorf("facts: a one-seat game declared %s (one seat is general-sum)", f.Utility)
	}
	n := float64(numPlayers)
	if (f.Utility == ZeroSum || f.Utility == ConstantSum) && (n*f.MinReturn > f.UtilitySum || n*f.MaxReturn < f.UtilitySum) {
		return fmt.Errorf("facts: %d returns in [%v, %v] cannot sum to %v", numPlayers, f.MinReturn, f.MaxReturn, f.UtilitySum)
	}
	return nil
}

// CheckReturns reports the first way in which returns (a state's, final
// where final is set) break f: one outside the range, or final returns
// against the utility.
func (f Facts) CheckReturns(returns []float64, final bool) error {
	const tol = 1e-9
	sum := 0.0
	for i, r := range returns {
		if r < f.MinReturn-tol || r > f.MaxReturn+tol {
			return fmt.Errorf("return %v of seat %d outside the declared range [%v, %v]", r, i, f.MinReturn, f.MaxReturn)
		}
		sum += r
	}
	if !final {
		return nil
	}
	switch f.Utility {
	case ZeroSum, ConstantSum:
		if math.Abs(sum-f.UtilitySum) > tol*max(1, math.Abs(sum)) {
			return fmt.Errorf("final returns %v sum to %v in a %s game (want %v)", returns, sum, f.Utility, f.UtilitySum)
		}
	case Identical:
		for _, r := range returns {
			if r != returns[0] {
				return fmt.Errorf("final returns %v differ in an identical-utility game", returns)
			}
		}
	}
	return nil
}

// WinLossFacts are the facts of a two-seat game won, lost or drawn
// (WinLossReturns), of the given longest game and most chance outcomes.
func WinLossFacts(maxGameLength, maxChanceOutcomes int) Facts {
	return Facts{Utility: ZeroSum, MinReturn: -1, MaxReturn: 1, MaxGameLength: maxGameLength, MaxChanceOutcomes: maxChanceOutcomes}
}

// SeatVPFacts are the facts of a raid game whose return is one side's
// victory points, in [lo, hi]: a one-seat game by default, and with the
// enemy as a seat of its own, two seats, zero-sum, the second seat getting
// the negative.
func SeatVPFacts(lo, hi float64, twoSeats bool, maxGameLength, maxChanceOutcomes int) Facts {
	f := Facts{Utility: GeneralSum, MinReturn: lo, MaxReturn: hi, MaxGameLength: maxGameLength, MaxChanceOutcomes: maxChanceOutcomes}
	if twoSeats {
		f.Utility, f.MinReturn, f.MaxReturn = ZeroSum, min(lo, -hi), max(hi, -lo)
	}
	return f
}

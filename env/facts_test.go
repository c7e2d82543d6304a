package env_test

import (
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
)

// TestFactsCheck: facts that contradict themselves or the seats are
// refused, each with its reason; consistent ones pass.
func TestFactsCheck(t *testing.T) {
	for _, tt := range []struct {
		f     env.Facts
		seats int
		want  string // "" for none
	}{
		{env.WinLossFacts(9, 0), 2, ""},
		{env.SeatVPFacts(-4, 10, false, 100, 6), 1, ""},
		{env.SeatVPFacts(-4, 10, true, 100, 6), 2, ""},
		{env.Facts{}, 2, "no utility declared"},
		{env.Facts{Utility: "fair"}, 2, `unknown utility "fair"`},
		{env.Facts{Utility: env.GeneralSum, MinReturn: 2, MaxReturn: 1}, 1, "min return 2 above max return 1"},
		{env.Facts{Utility: env.ZeroSum, MinReturn: -1, MaxReturn: 1}, 1, "one-seat game declared zero-sum"},
		{env.Facts{Utility: env.ZeroSum, MinReturn: 1, MaxReturn: 2}, 2, "cannot sum to 0"},
		{env.Facts{Utility: env.GeneralSum, UtilitySum: 3}, 2, "utility sum of 3 in a general-sum game"},
		{env.Facts{Utility: env.GeneralSum, MaxGameLength: -1}, 2, "negative bound"},
	} {
		err := tt.f.Check(tt.seats)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%+v with %d seats: %v", tt.f, tt.seats, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%+v with %d seats: error %v, want %q", tt.f, tt.seats, err, tt.want)
		}
	}
}

// TestSeatVPFactsWithTwoSeats: a raid's VP in [-4, 10] for one side are,
// with the enemy a seat getting the negative, zero-sum in [-10, 10].
func TestSeatVPFactsWithTwoSeats(t *testing.T) {
	f := env.SeatVPFacts(-4, 10, true, 0, 0)
	if f.Utility != env.ZeroSum || f.MinReturn != -10 || f.MaxReturn != 10 {
		t.Errorf("got %+v", f)
	}
	if err := f.CheckReturns([]float64{-4, 4}, true); err != nil {
		t.Error(err)
	}
	if err := f.CheckReturns([]float64{3, -2}, true); err == nil || !strings.Contains(err.Error(), "sum to 1 in a zero-sum game") {
		t.Errorf("final returns 3, -2 of a zero-sum game: %v", err)
	}
}

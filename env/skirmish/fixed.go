package skirmish

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Positions and lengths are fixed-point inches: integer hundredths of an
// inch. They are exact in JSON and give the same play on every platform;
// products of two coordinates fit in int64 with room to spare.

// Inch is one inch in hundredths.
const Inch = 100

// pt is a point (or vector) on the table in hundredths of an inch, x east,
// y south (origin at the north-west corner, as the board is drawn).
type pt struct{ x, y int64 }

func (a pt) sub(b pt) pt           { return pt{a.x - b.x, a.y - b.y} }
func (a pt) add(b pt) pt           { return pt{a.x + b.x, a.y + b.y} }
func (a pt) dot(b pt) int64        { return a.x*b.x + a.y*b.y }
func (a pt) cross(b pt) int64      { return a.x*b.y - a.y*b.x }
func (a pt) norm2() int64          { return a.x*a.x + a.y*a.y }
func dist2(a, b pt) int64          { return a.sub(b).norm2() }
func within(a, b pt, r int64) bool { return dist2(a, b) <= r*r }

// isqrt is the floor of the square root of n >= 0, exact: the float
// estimate is corrected with integer arithmetic.
func isqrt(n int64) int64 {
	if n <= 0 {
		return 0
	}
	s := int64(math.Sqrt(float64(n)))
	for s*s > n {
		s--
	}
	for (s+1)*(s+1) <= n {
		s++
	}
	return s
}

// length is the length of v in hundredths, rounded down.
func length(v pt) int64 { return isqrt(v.norm2()) }

// fmtInches writes hundredths as inches with up to two decimals: 1250 is
// "12.5", 1200 is "12", -5 is "-0.05".
func fmtInches(h int64) string {
	sign := ""
	if h < 0 {
		sign, h = "-", -h
	}
	s := sign + strconv.FormatInt(h/Inch, 10)
	if f := h % Inch; f != 0 {
		frac := fmt.Sprintf("%02d", f)
		s += "." + strings.TrimRight(frac, "0")
	}
	return s
}

// parseInches reads a decimal number of inches with at most two decimals,
// exactly (no float rounding).
func parseInches(s string) (int64, error) {
	t := strings.TrimSpace(s)
	neg := strings.HasPrefix(t, "-")
	t = strings.TrimPrefix(t, "-")
	whole, frac, hasFrac := strings.Cut(t, ".")
	if whole == "" || len(whole) > 6 || (hasFrac && (frac == "" || len(frac) > 2)) {
		return 0, fmt.Errorf("%q is not a number of inches with at most two decimals", s)
	}
	w, err := strconv.ParseUint(whole, 10, 32)
	if err != nil {
		return 0, fmt.Errorf("%q is not a number of inches with at most two decimals", s)
	}
	h := int64(w) * Inch
	if hasFrac {
		for len(frac) < 2 {
			frac += "0"
		}
		f, err := strconv.ParseUint(frac, 10, 8)
		if err != nil {
			return 0, fmt.Errorf("%q is not a number of inches with at most two decimals", s)
		}
		h += int64(f)
	}
	if neg {
		h = -h
	}
	return h, nil
}

// floatInches converts a data file's number of inches to hundredths,
// refusing more than two decimals.
func floatInches(v float64) (int64, error) {
	h := math.Round(v * Inch)
	if math.IsNaN(v) || math.Abs(v) > 1e5 || math.Abs(h-v*Inch) > 1e-6 {
		return 0, fmt.Errorf("%v is not a number of inches with at most two decimals", v)
	}
	return int64(h), nil
}

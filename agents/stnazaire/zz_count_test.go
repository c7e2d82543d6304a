package stnazaire

import (
	"context"
	"fmt"
	"testing"

	"github.com/chariot-ai/chariot/env"
	stn "github.com/chariot-ai/chariot/env/stnazaire"
)

func TestZZCount(t *testing.T) {
	g := stn.Default()
	d := g.Data()
	fmt.Println("spaces", len(d.Spaces), "british", len(d.British), "german", len(d.German))
	ag, _ := New(g, characters[0].params, 1)
	dec := map[string]int{}
	chance := 0
	var buf []env.Outcome
	n := 200
	for i := 0; i < n; i++ {
		s := g.NewInitialState(uint64(i)).(*stn.State)
		k := 0
		for !s.IsTerminal() {
			if s.CurrentPlayer() == env.Chance {
				buf = s.ChanceOutcomes(buf)
				s.Apply(buf[k%len(buf)].Action)
				k += 7
				chance++
				continue
			}
			kind, _ := s.Pending()
			dec[fmt.Sprint(kind)]++
			a, _ := ag.Act(context.Background(), s)
			s.Apply(a)
		}
	}
	fmt.Println("chance per game", float64(chance)/float64(n))
	for k, v := range dec {
		fmt.Println(k, float64(v)/float64(n))
	}
}

package search

import (
	"fmt"

	"github.com/chariot-ai/chariot/env"
)

func init() {
	RegisterEvaluator("leaf", func(g env.Game, arg string) (Evaluator, error) {
		if arg != "" {
			return nil, fmt.Errorf("evaluator leaf takes no argument (given %q)", arg)
		}
		if _, ok := g.NewInitialState(0).(env.LeafValuer); !ok {
			return nil, fmt.Errorf("evaluator leaf: %s offers no leaf value", g.Name())
		}
		return EvaluatorFunc(func(s env.State) []float64 {
			if s.IsTerminal() {
				return s.Returns()
			}
			return s.(env.LeafValuer).LeafValue()
		}), nil
	})
}

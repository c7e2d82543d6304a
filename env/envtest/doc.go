// Package envtest is the conformance suite of the env contract, in the
// manner of testing/fstest.TestFS: every game's tests call Check, which
// plays random games and verifies the contract of env.Game and env.State at
// every step, and fuzz targets call CheckUnmarshalNoPanic.
//
//	func TestConformance(t *testing.T) {
//		g, err := env.NewGame("pig")
//		if err != nil {
//			t.Fatal(err)
//		}
//		envtest.Check(t, g, envtest.Config{})
//	}
//
// Check checks every optional interface the game offers too. A game that
// fails one while its fix is pending leaves it out by name
// (Config.Skip), with a TODO saying what fails.
//
// Check reports through the small TB interface, which *testing.T satisfies,
// so that envtest's own tests can hand it a recorder and show that a broken
// game is caught: each check has a deliberately broken fake game
// (fake_test.go, plugins_fake_test.go) that it must catch.
package envtest

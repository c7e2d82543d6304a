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
// Check reports through the small TB interface, which *testing.T satisfies,
// so that envtest's own tests can hand it a recorder and show that a broken
// game is caught.
package envtest

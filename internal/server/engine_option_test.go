package server

// withEngine offers an external engine running argv under name, and
// returns the option and the name a seat gives.
func withEngine(name string, argv ...string) (option, string) {
	return func(c *Config) { c.Engines = append(c.Engines, Engine{Name: name, Argv: argv}) }, name
}

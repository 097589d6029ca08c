package main

import (
	"bytes"
	"os"
	"testing"
)

// genFile is the generated file, from internal/protocol/tsgen.
const genFile = "../../../web/src/wire.gen.ts"

// TestGeneratedCurrent fails when web/src/wire.gen.ts is not what the Go
// wire types generate: a Go field added, removed, renamed or retyped
// without go generate (the web client's types are checked against the
// generated ones by tsc, web/src/wire-check.ts).
func TestGeneratedCurrent(t *testing.T) {
	want, err := generate("..", "../../../game/ui")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(genFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is stale: run go generate ./internal/protocol", genFile)
	}
}

// TestFieldForms checks the TypeScript of each field form against what
// encoding/json writes: omitempty fields optional, nil slices, maps and
// pointers null when not omitted, embedded structs extended.
func TestFieldForms(t *testing.T) {
	dir := t.TempDir()
	src := `package p

// T is a test type. More text.
type T struct {
	U
	A string ` + "`json:\"a\"`" + `
	B int64 ` + "`json:\"b,omitempty\"`" + `
	C []string ` + "`json:\"c\"`" + `
	D []int ` + "`json:\"d,omitempty\"`" + `
	E *U ` + "`json:\"e\"`" + `
	F *U ` + "`json:\"f,omitempty\"`" + `
	G map[string]int64 ` + "`json:\"g\"`" + `
	H bool ` + "`json:\"-\"`" + `
	I Code
	j int
}

type U struct{}

type Code string
`
	if err := os.WriteFile(dir+"/p.go", []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := generate(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := header + `
/** T is a test type. */
export interface T extends U {
  a: string;
  b?: number;
  c: string[] | null;
  d?: number[];
  e: U | null;
  f?: U;
  g: { [key: string]: number } | null;
  I: Code;
}

export interface U {
}

export type Code = string;
`
	if string(got) != want {
		t.Errorf("generated:\n%s\nwant:\n%s", got, want)
	}
}

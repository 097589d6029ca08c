package main

import (
	"context"
	"fmt"
)

func runPlay(_ context.Context, e *env) error {
	return fmt.Errorf("not written yet")
}

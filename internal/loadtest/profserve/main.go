package main

import (
	"context"
	"net/http"
	_ "net/http/pprof"
	"os"
	"time"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/games"
	"github.com/tabula-games/tabula/internal/server"
	"github.com/tabula-games/tabula/internal/store/sqlite"
)

func main() {
	go http.ListenAndServe("127.0.0.1:6060", nil)
	db, err := sqlite.Open(context.Background(), os.Args[1])
	if err != nil {
		panic(err)
	}
	srv, err := server.New(server.Config{Games: games.All(), Store: db, BotBudget: ai.Budget{Time: time.Second}})
	if err != nil {
		panic(err)
	}
	http.ListenAndServe("127.0.0.1:8181", srv.Handler())
}

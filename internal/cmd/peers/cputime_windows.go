package main

import "syscall"

// cpuTime returns the process's CPU time, in nanoseconds: its user and kernel times, which
// Windows counts in 100-nanosecond intervals.
func cpuTime() int64 {
	self, err := syscall.GetCurrentProcess()
	if err != nil {
		panic(err)
	}
	var creation, exit, kernel, user syscall.Filetime
	if err := syscall.GetProcessTimes(self, &creation, &exit, &kernel, &user); err != nil {
		panic(err)
	}
	interval := func(t syscall.Filetime) int64 { return (int64(t.HighDateTime)<<32 | int64(t.LowDateTime)) * 100 }
	return interval(kernel) + interval(user)
}

examples/montecarlo_pi.fl -g run(3000)

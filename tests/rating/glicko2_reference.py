#!/usr/bin/env python3
"""The expected numbers of test_glicko2.cpp, computed apart from the C++ code.

A plain transcription of Glickman's "Example of the Glicko-2 system" (steps 2 to 8, the
Illinois algorithm of step 5.4, step 6 alone for a period without games), with the issue's
bounds: RD clamped to [45, 350] after each period. Run once; it prints the cases.
"""
import math

SCALE = 173.7178
EPSILON = 0.000001


def g(phi):
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def expected(mu, mu_j, phi_j):
    return 1 / (1 + math.exp(-g(phi_j) * (mu - mu_j)))


def new_volatility(phi, sigma, v, delta, tau):
    a = math.log(sigma * sigma)

    def f(x):
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    A = a
    if delta * delta > phi * phi + v:
        B = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        B = a - k * tau
    fA, fB = f(A), f(B)
    while abs(B - A) > EPSILON:
        C = A + (A - B) * fA / (fB - fA)
        fC = f(C)
        if fC * fB <= 0:
            A, fA = B, fB
        else:
            fA /= 2
        B, fB = C, fC
    return math.exp(A / 2)


def rate(player, games, tau, clamp=True):
    """player = (r, rd, sigma); games = [((r, rd, sigma) of the opponent, score)]."""
    r, rd, sigma = player
    mu, phi = (r - 1500) / SCALE, rd / SCALE
    if not games:
        phi_new = math.sqrt(phi * phi + sigma * sigma)
        return (r, min(350.0, phi_new * SCALE) if clamp else phi_new * SCALE, sigma)
    opp = [((o[0] - 1500) / SCALE, o[1] / SCALE, s) for o, s in games]
    v = 1 / sum(g(pj) ** 2 * expected(mu, mj, pj) * (1 - expected(mu, mj, pj)) for mj, pj, _ in opp)
    total = sum(g(pj) * (s - expected(mu, mj, pj)) for mj, pj, s in opp)
    delta = v * total
    sigma_new = new_volatility(phi, sigma, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu_new = mu + phi_new * phi_new * total
    rd_new = phi_new * SCALE
    if clamp:
        rd_new = min(350.0, max(45.0, rd_new))
    return (mu_new * SCALE + 1500, rd_new, sigma_new)


def age(player, days):
    r, rd, sigma = player
    for _ in range(days):
        phi = rd / SCALE
        rd = min(350.0, math.sqrt(phi * phi + sigma * sigma) * SCALE)
    return (r, rd, sigma)


def show(name, value):
    print(f"{name}: rating {value[0]:.6f} rd {value[1]:.6f} volatility {value[2]:.8f}")


show("paper, tau 0.5", rate((1500, 200, 0.06), [((1400, 30, 0.06), 1), ((1550, 100, 0.06), 0),
                                                ((1700, 300, 0.06), 0)], 0.5))
newcomer = (1500, 350, 0.06)
show("draw between newcomers", rate(newcomer, [(newcomer, 0.5)], 0.75))
show("1500/100 beats 2100/50", rate((1500, 100, 0.06), [((2100, 50, 0.06), 1)], 0.75))
show("newcomer beats 2200/60", rate(newcomer, [((2200, 60, 0.06), 1)], 0.75))
show("2100/50 loses to 1500/100", rate((2100, 50, 0.06), [((1500, 100, 0.06), 0)], 0.75))
show("newcomer loses to 3500/350", rate(newcomer, [((3500, 350, 0.06), 0)], 0.75))
show("  the same, unclamped", rate(newcomer, [((3500, 350, 0.06), 0)], 0.75, clamp=False))

# The floor: a steady player (volatility 0.02) draws game after game with a steady equal.
steady = (1500, 350, 0.02)
for n in range(1, 101):
    unclamped = rate(steady, [((1500, 45, 0.02), 0.5)], 0.75, clamp=False)
    steady = rate(steady, [((1500, 45, 0.02), 0.5)], 0.75)
    if n in (69, 70, 100):
        show(f"steady after {n} draws", steady)
    if n == 70:
        show("  game 70, unclamped", unclamped)

for days in (1, 365, 1094, 1095):
    show(f"1500/60/0.06 after {days} days", age((1500, 60, 0.06), days))

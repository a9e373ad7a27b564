//! `expert`'s sample of deals: carried from one decision to the next,
//! weighed again by the rivals' moves since, resampled and moved by
//! Metropolis-Hastings steps, or drawn afresh by sequential importance
//! sampling (see the parent module's docs, "The sample").

use super::super::super::cards::Card;
use super::super::super::knowledge::Owner;
use super::{
    ExpertPlayer, Model, Particle, ATTEMPTS_PER_DEAL, MOVES, PARTICLES, REPLAY_BUDGET, WORK,
};

impl ExpertPlayer {
    /// The weighted deals (see the module docs), each with whether a rival
    /// wins the coming round.
    pub(super) fn sample(&mut self) -> Vec<Particle> {
        if !self.facts.is_consistent() {
            return Vec::new();
        }
        let wanted = self.wanted();
        // The last decision's deals, weighed by what the rivals did since.
        let mut members: Vec<Particle> = Vec::new();
        for mut member in std::mem::take(&mut self.population) {
            if !self.fits(&member.owner) {
                continue;
            }
            let (log_likelihood, rival_wins) = self.replay(&member.owner, true);
            if log_likelihood == f64::NEG_INFINITY {
                continue;
            }
            member.weight = (log_likelihood - member.log_likelihood).exp();
            member.log_likelihood = log_likelihood;
            member.rival_wins = rival_wins;
            members.push(member);
        }
        if members.is_empty() {
            members = self.fresh_sample();
        }
        if members.is_empty() {
            return members;
        }
        let mut members = self.resample(members, wanted);
        let free: Vec<usize> = (0..self.cards.len())
            .filter(|&card| self.facts.known_owner(card).is_none())
            .collect();
        if free.len() >= 2 {
            for member in &mut members {
                for _ in 0..MOVES {
                    self.move_member(member, &free);
                }
            }
        }
        self.population = members.clone();
        members
    }

    /// The number of deals a decision keeps: [`PARTICLES`] (or as set),
    /// cut so that the replays stay under [`WORK`].
    fn wanted(&self) -> usize {
        let work = WORK.saturating_mul(self.particles) / PARTICLES;
        self.particles.min((work / self.replay_cost()).max(1))
    }

    /// The work of replaying one deal: the turns so far, once per modelled
    /// rival.
    fn replay_cost(&self) -> usize {
        let modelled = self
            .models
            .iter()
            .filter(|&&model| model != Model::Neutral)
            .count();
        (self.history.len() + 1) * modelled.max(1)
    }

    /// `wanted` deals drawn from `members` in proportion to their weights
    /// (systematic resampling), each then weighing 1.
    fn resample(&mut self, members: Vec<Particle>, wanted: usize) -> Vec<Particle> {
        let total: f64 = members.iter().map(|member| member.weight).sum();
        // The weights are likelihood ratios, finite and at least 0: their
        // sum is 0 only when every ratio underflowed, and then the deals
        // are taken alike.
        if total <= 0.0 {
            return members
                .into_iter()
                .map(|mut member| {
                    member.weight = 1.0;
                    member
                })
                .collect();
        }
        let step = total / wanted as f64;
        let mut point = step * (self.rng.index(1 << 20) as f64 + 0.5) / (1 << 20) as f64;
        let mut kept = Vec::with_capacity(wanted);
        let mut reached = 0.0;
        for member in &members {
            reached += member.weight;
            while point < reached && kept.len() < wanted {
                let mut copy = member.clone();
                copy.weight = 1.0;
                kept.push(copy);
                point += step;
            }
        }
        kept
    }

    /// One Metropolis-Hastings step on a deal: swap the owners of two cards
    /// whose owner the facts leave open (the same category when one is in
    /// the envelope), keep the swap when the facts allow it, with the odds
    /// of the rivals' moves after it against before (the proposal is
    /// symmetric, so the deals the facts allow are reached alike).
    fn move_member(&mut self, member: &mut Particle, free: &[usize]) {
        let envelope = self.envelope_seat();
        let length = if free.len() >= 3 && self.rng.index(2) == 1 {
            3
        } else {
            2
        };
        let mut moved = [0usize; 3];
        for slot in 0..length {
            moved[slot] = free[self.rng.index(free.len())];
            if moved[..slot].contains(&moved[slot]) {
                return;
            }
        }
        let moved = &moved[..length];
        let before: Vec<usize> = moved.iter().map(|&card| member.owner[card]).collect();
        for (slot, &card) in moved.iter().enumerate() {
            member.owner[card] = before[(slot + 1) % length];
        }
        let one_envelope_card = moved.iter().all(|&card| {
            self.cards
                .category(self.cards.category_of(Card(card)))
                .filter(|&other| member.owner[other] == envelope)
                .count()
                == 1
        });
        let changed = moved
            .iter()
            .zip(&before)
            .any(|(&card, &owner)| member.owner[card] != owner);
        if changed && one_envelope_card && self.fits(&member.owner) {
            let (log_likelihood, rival_wins) = self.replay(&member.owner, true);
            let odds = log_likelihood - member.log_likelihood;
            let draw = (self.rng.index(1 << 30) as f64 + 0.5) / (1u64 << 30) as f64;
            if log_likelihood > f64::NEG_INFINITY && draw.ln() < odds {
                member.log_likelihood = log_likelihood;
                member.rival_wins = rival_wins;
                return;
            }
        }
        for (&card, &owner) in moved.iter().zip(&before) {
            member.owner[card] = owner;
        }
    }

    /// Whether the deal `owner` fits the facts ([`Knowledge::fits`]; `owner`
    /// numbers the envelope [`envelope_seat`](Self::envelope_seat)).
    fn fits(&self, owner: &[usize]) -> bool {
        let envelope = self.envelope_seat();
        self.facts.fits(|card| {
            if owner[card] == envelope {
                Owner::Envelope
            } else {
                Owner::Player(owner[card])
            }
        })
    }

    /// Fresh deals drawn from the facts and weighed by the rivals' moves
    /// (importance sampling), when no kept deal fits any more.
    fn fresh_sample(&mut self) -> Vec<Particle> {
        if !self.facts.is_consistent() {
            return Vec::new();
        }
        let players = self.hand_sizes.len();
        let (wanted, replay) = (self.wanted(), self.replay_cost());
        // The cards by their number of possible owners, fewest first.
        let mut order: Vec<usize> = (0..self.cards.len()).collect();
        let owners = |card: usize| {
            (0..players)
                .filter(|&seat| self.facts.may_hold(Owner::Player(seat), card))
                .count()
        };
        order.sort_by_key(|&card| (owners(card), card));
        // Draw until `wanted` deals fit the models (or the draws run out),
        // keeping the first `wanted` draws whatever their fit, in case no
        // deal fits (a rival that does not play as modelled).
        let mut drawn: Vec<(Vec<usize>, f64)> = Vec::new();
        let mut particles: Vec<(Vec<usize>, f64, bool, f64)> = Vec::new();
        let mut alive = 0;
        let mut spent = 0;
        for _ in 0..ATTEMPTS_PER_DEAL * wanted {
            if alive == wanted || spent >= REPLAY_BUDGET {
                break;
            }
            let (owner, log_draw) = match self.draw(&order) {
                Some(draw) => draw,
                None => continue,
            };
            let (log_likelihood, rival_wins) = self.replay(&owner, true);
            spent += replay;
            if log_likelihood > f64::NEG_INFINITY {
                alive += 1;
            } else if drawn.len() >= wanted {
                continue;
            }
            drawn.push((owner.clone(), log_draw));
            particles.push((owner, log_draw + log_likelihood, rival_wins, log_likelihood));
        }
        let models_hold = alive > 0;
        if !models_hold && !particles.is_empty() {
            // No kept deal fits the models: a rival does not play as
            // modelled. Read everybody as neutral from now on.
            for model in &mut self.models {
                *model = Model::Neutral;
            }
            for (particle, (_, log_draw)) in particles.iter_mut().zip(&drawn) {
                particle.1 = *log_draw;
                particle.2 = false;
                particle.3 = 0.0;
            }
            particles.truncate(wanted);
        }
        let top = particles
            .iter()
            .map(|particle| particle.1)
            .fold(f64::NEG_INFINITY, f64::max);
        particles
            .into_iter()
            .filter(|particle| particle.1 > f64::NEG_INFINITY)
            .map(|(owner, log_weight, rival_wins, log_likelihood)| Particle {
                owner,
                weight: (log_weight - top).exp(),
                rival_wins,
                log_likelihood,
            })
            .collect()
    }

    /// One draw: the owner of every card and `-ln` of its probability of
    /// being drawn, or `None` when it fails.
    fn draw(&mut self, order: &[usize]) -> Option<(Vec<usize>, f64)> {
        let players = self.hand_sizes.len();
        let envelope = players;
        let mut owner = vec![usize::MAX; self.cards.len()];
        let mut log_inverse = 0.0;
        for category in 0..self.cards.categories() {
            let allowed: Vec<usize> = self
                .cards
                .category(category)
                .filter(|&card| self.facts.may_hold(Owner::Envelope, card))
                .collect();
            if allowed.is_empty() {
                return None;
            }
            owner[allowed[self.rng.index(allowed.len())]] = envelope;
            log_inverse += (allowed.len() as f64).ln();
        }
        let mut room = self.hand_sizes.clone();
        for &card in order {
            if owner[card] != usize::MAX {
                continue;
            }
            let total: usize = (0..players)
                .filter(|&seat| self.facts.may_hold(Owner::Player(seat), card))
                .map(|seat| room[seat])
                .sum();
            if total == 0 {
                return None;
            }
            let mut pick = self.rng.index(total);
            let mut chosen = players;
            for (seat, &left) in room.iter().enumerate() {
                if !self.facts.may_hold(Owner::Player(seat), card) {
                    continue;
                }
                if pick < left {
                    chosen = seat;
                    break;
                }
                pick -= left;
            }
            log_inverse += (total as f64 / room[chosen] as f64).ln();
            room[chosen] -= 1;
            owner[card] = chosen;
        }
        if !self.fits(&owner) {
            return None;
        }
        Some((owner, log_inverse))
    }
}

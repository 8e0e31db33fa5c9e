(** * Pre-periodic families: one proof for every c = (a + b) k + rho

    A [PrePeriodicFamily] certificate (format 8, docs/NECESSITY.md) claims,
    for every k >= k0 with c = (a + b) k + rho and S = {a, b, c}: G_S = E_k,
    where E_k on [0, q) is the pre-period's blocks, on [q, q + p) the
    period's, and E_k(x) = E_k(x - p) for x >= q + p (a block is a word
    repeated over slope·k + offset letters, [letter]); q > 0 is the least
    pre-period of G_S for every period (so G_S is not purely periodic); and,
    with a marker, p is the least period.  This file proves, once:

    - [fact1_pre] (Fact 1 with a pre-period): if g is p-periodic from q and
      satisfies the mex rule at every x < q + p + max S, then G_S = g;
    - [fact2_pre] (Fact 2, the witness): if moreover g(q - 1) <> g(q - 1 + p)
      with q > 0, no period e > 0 holds from any q' < q;
    - [lemma_s_all], [lemma_s_once] (Lemma S of checker/src/preperiodic.rs):
      for a run list read at affine offsets, once k >= K (breakpoints of
      different slopes G = max(2M, l_max + 1) apart), the signatures that
      occur on [lo, hi) at k + M are those at k, and a signature occurring
      exactly once at k occurs exactly once at k + M;
    - [chk_R_sound]: if the boolean checker [chk_R] computes [true], then
      for EVERY k >= k0 the claim without the marker holds ([pp_claim]):
      the checker tests Lemma S's hypotheses at the K and M it is given
      ([lemS_ok]) for the unrolled list (the pre-period, then the period r
      times over: E_k on at least [0, q + p + c)) read at 0, a, b and c(k),
      and checks the mex rule on that list and the witness at every k of
      [min(k0, K), K + M); every k >= K is one of them up to a multiple of
      M ([pumped_all], and [last_pump] for the witness);
    - [chk_RL_sound]: with [chk_L] too (the marker occurs at exactly one
      offset of the cyclic period at every checked k, pumped by
      [lemma_s_once] on the period twice over read at 0, 1, ..., L - 1), p
      is the least period ([Family.fact2_unique_window]), so q and p are the
      least pre-period and period: [least_preperiod (G S) q p].

    The exported file of each certificate (src/export/preperiodic_coq.rs)
    writes the blocks, runs [vm_compute] on [chk_R] (and [chk_L]) and applies
    these theorems.  K, M and r are the exporter's (nimcheck's) choice and
    are not trusted: a wrong one makes a checker compute [false]. *)

From Coq Require Import List Arith Bool Lia ZArith.
From Nimcert Require Import Mex Subtraction Period Family.
Import ListNotations.


(** ** Facts 1 and 2 with a pre-period *)

Lemma recurrence_extend_pre S q p g : 0 < p ->
  (forall x, q <= x -> g (x + p) = g x) ->
  (forall x, x < q + p + list_max S -> g x = mex (options S g x)) ->
  is_nim_sequence S g.
Proof.
  intros Hp Hper Hw x. induction x as [x IH] using lt_wf_ind.
  destruct (lt_dec x (q + p + list_max S)) as [Hlt|Hge]; [apply Hw, Hlt|].
  assert (Hc : forall s, In s S -> s <= list_max S) by (intros; apply In_le_list_max; auto).
  assert (E : g x = g (x - p)) by (rewrite <- (Hper (x - p)) by lia; f_equal; lia).
  rewrite E, (IH (x - p)) by lia.
  f_equal. unfold options.
  rewrite !filter_all by (intros s Hs; apply Nat.leb_le; specialize (Hc s Hs); lia).
  apply map_ext_in. intros s Hs. specialize (Hc s Hs).
  replace (x - s) with (x - p - s + p) by lia. symmetry. apply Hper. lia.
Qed.

Theorem fact1_pre S q p g :
  moves_positive S -> 0 < p ->
  (forall x, q <= x -> g (x + p) = g x) ->
  (forall x, x < q + p + list_max S -> g x = mex (options S g x)) ->
  forall x, G S x = g x.
Proof.
  intros Hpos Hp Hper Hw x. symmetry. apply G_unique; [exact Hpos|].
  apply (recurrence_extend_pre S q p g Hp Hper Hw).
Qed.

Theorem fact2_pre {A} (f : nat -> A) q p : 0 < q -> 0 < p -> period_from f q p ->
  f (q - 1) <> f (q - 1 + p) ->
  forall q' e, 0 < e -> period_from f q' e -> q <= q'.
Proof.
  intros Hq Hp Hper Hne q' e He Hqe.
  destruct (le_lt_dec q q') as [|Hlt]; [assumption|exfalso]. apply Hne.
  assert (He1 : period_from f (q - 1) e) by (intros x Hx; apply Hqe; lia).
  rewrite <- (period_mult f (q - 1) e He1 p (q - 1)) by lia.
  rewrite <- (period_mult f (q - 1) e He1 p (q - 1 + p)) by lia.
  replace (q - 1 + p + p * e) with (q - 1 + p * e + p) by lia.
  symmetry. apply Hper. nia.
Qed.


(** ** The claim's words (trusted: they state the claim) *)

(** A block: [length] = slope·k + offset letters, the t-th of them
    [word][t mod |word|]. *)
Record block := Block { word : list nat; slope : nat; offset : Z }.

Definition blen (r : block) (k : Z) : Z := (Z.of_nat (slope r) * k + offset r)%Z.

(** The letter at position y of the blocks [bl] laid out at k. *)
Fixpoint letter (bl : list block) (k y : nat) : nat :=
  match bl with
  | [] => 0
  | r :: rest =>
      let l := Z.to_nat (blen r (Z.of_nat k)) in
      if y <? l then nth (y mod length (word r)) (word r) 0 else letter rest k (y - l)
  end.

(** E_k: the pre-period's blocks on [0, q), the period's on [q, q + p),
    and E(x) = E(x - p) for x >= q + p. *)
Definition pp_E (pre per : list block) (k q p x : nat) : nat :=
  if x <? q then letter pre k x else letter per k ((x - q) mod p).

(** ** Run lists read in Z, their breakpoints and signatures *)

Section Z_part.
Local Open Scope Z_scope.

(** An affine function of k: (slope, offset). *)
Definition aff : Type := (Z * Z)%type.
Definition ev (f : aff) (k : Z) : Z := fst f * k + snd f.
Definition aadd (f g : aff) : aff := (fst f + fst g, snd f + snd g).
Definition blaff (r : block) : aff := (Z.of_nat (slope r), offset r).

Lemma ev_aadd f g k : ev (aadd f g) k = ev f k + ev g k.
Proof. unfold ev, aadd; simpl. ring. Qed.
Lemma ev_blaff r k : ev (blaff r) k = blen r k.
Proof. reflexivity. Qed.
Lemma ev_zero k : ev (0, 0) k = 0.
Proof. unfold ev; simpl. ring. Qed.

Fixpoint zletter (rs : list block) (k y : Z) : nat :=
  match rs with
  | [] => 0%nat
  | r :: rest =>
      if y <? blen r k then nth (Z.to_nat (y mod Z.of_nat (length (word r)))) (word r) 0%nat
      else zletter rest k (y - blen r k)
  end.

(** The boundaries b_0 = 0, b_1, …, b_n of a run list, as affine functions. *)
Fixpoint bnds (rs : list block) : list aff :=
  match rs with
  | [] => [(0, 0)]
  | r :: rest => (0, 0) :: map (aadd (blaff r)) (bnds rest)
  end.

(** The start boundary and the length of every fixed run (slope 0). *)
Fixpoint fxs (rs : list block) : list (aff * Z) :=
  match rs with
  | [] => []
  | r :: rest =>
      let tl := map (fun bl => (aadd (blaff r) (fst bl), snd bl)) (fxs rest) in
      if Nat.eqb (slope r) 0 then ((0, 0), offset r) :: tl else tl
  end.

Definition tot_aff (rs : list block) : aff := fold_right (fun r acc => aadd (blaff r) acc) (0, 0) rs.

Lemma bnds_zero rs : In (0, 0) (bnds rs).
Proof. destruct rs; simpl; auto. Qed.

Lemma bnds_tot rs : In (tot_aff rs) (bnds rs).
Proof.
  induction rs as [|r rs IH]; simpl; [auto|]. right. apply in_map, IH.
Qed.

Lemma fxs_bnds rs b l : In (b, l) (fxs rs) ->
  In b (bnds rs) /\ (exists b', In b' (bnds rs) /\ forall k, ev b' k = ev b k + l) /\
  exists r, In r rs /\ slope r = 0%nat /\ offset r = l.
Proof.
  revert b l. induction rs as [|r rs IH]; intros b l H; simpl in H; [contradiction|].
  assert (Tl : In (b, l) (map (fun bl => (aadd (blaff r) (fst bl), snd bl)) (fxs rs)) ->
    In b (bnds (r :: rs)) /\ (exists b', In b' (bnds (r :: rs)) /\ forall k, ev b' k = ev b k + l) /\
    exists r', In r' (r :: rs) /\ slope r' = 0%nat /\ offset r' = l).
  { intros H'. apply in_map_iff in H' as [[b0 l0] [E Hin]]. simpl in E. injection E as <- <-.
    destruct (IH b0 l0 Hin) as [H1 [[b' [H2 H3]] [r' [H4 H5]]]].
    split; [simpl; right; apply in_map, H1|]. split.
    - exists (aadd (blaff r) b'). split; [simpl; right; apply in_map, H2|].
      intros k. rewrite !ev_aadd, H3. ring.
    - exists r'. split; [right; exact H4 | exact H5]. }
  destruct (Nat.eqb_spec (slope r) 0) as [Hs|Hs]; [destruct H as [E|H]|]; auto.
  injection E as <- <-. split; [simpl; auto|]. split.
  - exists (blaff r). split; [simpl; right; apply in_map_iff; exists (0, 0); split;
      [unfold aadd, blaff; simpl; rewrite !Z.add_0_r; reflexivity | apply bnds_zero]|].
    intros k. rewrite ev_blaff, ev_zero. unfold blen. rewrite Hs. simpl. ring.
  - exists r. split; [left; auto | auto].
Qed.

Lemma mod_eq_of_divide n x y : 0 < n -> (n | x - y) -> x mod n = y mod n.
Proof.
  intros Hn [t Ht]. replace x with (y + t * n) by lia. apply Z.mod_add. lia.
Qed.

Section Transfer.
Variable M : Z.

Definition divs_prop (rs : list block) : Prop :=
  forall r, In r rs -> word r <> [] /\ (slope r <> 0%nat -> (Z.of_nat (length (word r)) | M)).

(** The letter at y1 (list at k1) and at y2 (list at k2) agree when y1 and
    y2 lie on the same side of every boundary, at distances congruent mod M
    from the boundaries below them, and at equal distances from the start of
    a fixed run that holds them. *)
Lemma zletter_transfer rs : divs_prop rs -> forall k1 k2 y1 y2, 0 <= y1 ->
  (forall b, In b (bnds rs) -> (ev b k1 <= y1 <-> ev b k2 <= y2)) ->
  (forall b, In b (bnds rs) -> ev b k1 <= y1 -> (M | (y1 - ev b k1) - (y2 - ev b k2))) ->
  (forall b l, In (b, l) (fxs rs) -> ev b k1 <= y1 ->
     y1 - ev b k1 = y2 - ev b k2 \/ ev b k1 + l <= y1) ->
  zletter rs k1 y1 = zletter rs k2 y2.
Proof.
  induction rs as [|r rs IH]; intros Hd k1 k2 y1 y2 Hy H1 H2 H3; [reflexivity|].
  simpl.
  assert (Hl : blen r k1 <= y1 <-> blen r k2 <= y2).
  { rewrite <- !ev_blaff.
    specialize (H1 (aadd (blaff r) (0, 0))). rewrite !ev_aadd, !ev_zero, !Z.add_0_r in H1.
    apply H1. simpl. right. apply in_map, bnds_zero. }
  assert (Hy2 : 0 <= y2).
  { specialize (H1 (0, 0)). rewrite !ev_zero in H1. apply H1; [simpl; auto | exact Hy]. }
  destruct (Z.ltb_spec y1 (blen r k1)) as [Lt1|Ge1];
  destruct (Z.ltb_spec y2 (blen r k2)) as [Lt2|Ge2]; try (exfalso; lia).
  - destruct (Hd r (or_introl eq_refl)) as [Hw Hdv].
    destruct (Nat.eq_dec (slope r) 0) as [Hs|Hs].
    + assert (Hf : In ((0, 0), offset r) (fxs (r :: rs))).
      { simpl. rewrite Hs. simpl. auto. }
      specialize (H3 _ _ Hf ltac:(rewrite ev_zero; lia)). rewrite !ev_zero in H3.
      destruct H3 as [E|E]; [replace y2 with y1 by lia; reflexivity|].
      exfalso. unfold blen in Lt1. rewrite Hs in Lt1. simpl in Lt1. lia.
    + f_equal. f_equal. apply mod_eq_of_divide.
      * destruct (word r); [congruence|]. simpl. lia.
      * apply Z.divide_trans with M; [apply Hdv, Hs|].
        specialize (H2 (0, 0) (bnds_zero _)). rewrite !ev_zero, !Z.sub_0_r in H2. apply H2, Hy.
  - apply IH.
    + intros r' Hr'. apply Hd. right. exact Hr'.
    + lia.
    + intros b Hb. specialize (H1 (aadd (blaff r) b)). rewrite !ev_aadd, !ev_blaff in H1.
      assert (In (aadd (blaff r) b) (bnds (r :: rs))) by (simpl; right; apply in_map, Hb).
      specialize (H1 H). lia.
    + intros b Hb Hle. specialize (H2 (aadd (blaff r) b)). rewrite !ev_aadd, !ev_blaff in H2.
      assert (In (aadd (blaff r) b) (bnds (r :: rs))) by (simpl; right; apply in_map, Hb).
      specialize (H2 H ltac:(lia)).
      replace (y1 - blen r k1 - ev b k1 - (y2 - blen r k2 - ev b k2))
        with (y1 - (blen r k1 + ev b k1) - (y2 - (blen r k2 + ev b k2))) by ring. exact H2.
    + intros b l Hb Hle.
      assert (Hin : In (aadd (blaff r) b, l) (fxs (r :: rs))).
      { simpl. assert (In (aadd (blaff r) b, l)
          (map (fun bl => (aadd (blaff r) (fst bl), snd bl)) (fxs rs)))
          by (apply in_map_iff; exists (b, l); auto).
        destruct (Nat.eqb (slope r) 0); simpl; auto. }
      specialize (H3 _ _ Hin). rewrite !ev_aadd, !ev_blaff in H3.
      destruct H3 as [E|E]; lia.
Qed.
End Transfer.

(** The signature of x at k: the letters at x - o for the readings o, None
    where x - o < 0. *)
Definition signature (rs : list block) (O : list aff) (k x : Z) : list (option nat) :=
  map (fun o => if x <? ev o k then None else Some (zletter rs k (x - ev o k))) O.

(** The breakpoints F = { b_j + o }. *)
Definition bps (rs : list block) (O : list aff) : list aff :=
  flat_map (fun o => map (fun b => aadd b o) (bnds rs)) O.

Lemma In_bps rs O b o : In b (bnds rs) -> In o O -> In (aadd b o) (bps rs O).
Proof. intros Hb Ho. apply in_flat_map. exists o. split; [exact Ho | apply (in_map (fun b0 => aadd b0 o)), Hb]. Qed.

Lemma sig_transfer M rs O k1 k2 x1 x2 : 0 < M -> divs_prop M rs ->
  (forall f, In f (bps rs O) -> (ev f k1 <= x1 <-> ev f k2 <= x2)) ->
  (forall f, In f (bps rs O) -> ev f k1 <= x1 -> (M | (x1 - ev f k1) - (x2 - ev f k2))) ->
  (forall b l o, In (b, l) (fxs rs) -> In o O -> ev b k1 + ev o k1 <= x1 ->
     x1 - ev b k1 - ev o k1 = x2 - ev b k2 - ev o k2 \/ ev b k1 + ev o k1 + l <= x1) ->
  signature rs O k1 x1 = signature rs O k2 x2.
Proof.
  intros HM Hd H1 H2 H3. unfold signature. apply map_ext_in. intros o Ho.
  assert (Ho0 : ev o k1 <= x1 <-> ev o k2 <= x2).
  { specialize (H1 (aadd (0, 0) o) (In_bps _ _ _ _ (bnds_zero _) Ho)).
    rewrite !ev_aadd, !ev_zero in H1. exact H1. }
  destruct (Z.ltb_spec x1 (ev o k1)); destruct (Z.ltb_spec x2 (ev o k2)); try (exfalso; lia);
    [reflexivity|].
  f_equal. apply (zletter_transfer M rs Hd); [lia| | |].
  - intros b Hb. specialize (H1 _ (In_bps _ _ _ _ Hb Ho)). rewrite !ev_aadd in H1. lia.
  - intros b Hb Hle. specialize (H2 _ (In_bps _ _ _ _ Hb Ho)). rewrite !ev_aadd in H2.
    replace (x1 - ev o k1 - ev b k1 - (x2 - ev o k2 - ev b k2))
      with (x1 - (ev b k1 + ev o k1) - (x2 - (ev b k2 + ev o k2))) by ring.
    apply H2. lia.
  - intros b l Hb Hle. destruct (H3 b l o Hb Ho ltac:(lia)); lia.
Qed.

(** ** Lemma S

    With M > 0 a multiple of every growing run's word length, G >= 2M above
    every fixed length, and K such that breakpoints of different slopes are
    G apart at K (in the direction of their slopes), the order of the
    breakpoints is the same at every k >= K.  A position x' at k + M lies in
    a segment [f, g) between consecutive breakpoints; [down] maps it to a
    position of the same segment at k with the same signature (keeping its
    distance from f when f and g have one slope, reducing it mod M when the
    segment grows, which then holds the signature twice); [up] maps x at k to
    x + M·slope(f) at k + M.  So the signatures that occur on [lo, hi) at
    k + M are those at k ([lemma_s_all]), and one occurring exactly once at
    k occurs exactly once at k + M ([lemma_s_once]).  This is the lemma of
    checker/src/preperiodic.rs, proved by the same segments. *)

Section LemmaS.
Variables (rs : list block) (O : list aff) (M G K : Z) (lo hi : aff).
Local Notation F := (bps rs O).
Variables (HM : 0 < M) (HG : 2 * M <= G) (Hdiv : divs_prop M rs)
  (Hfix : forall b l, In (b, l) (fxs rs) -> l < G)
  (Hthr : forall f g, In f F -> In g F -> fst f < fst g -> G <= ev g K - ev f K)
  (Hlo : In lo F) (Hhi : In hi F).

Lemma gap k f g : K <= k -> In f F -> In g F -> fst f < fst g -> G <= ev g k - ev f k.
Proof.
  intros Hk Hf Hg Hs. specialize (Hthr f g Hf Hg Hs). unfold ev in *.
  assert (0 <= (fst g - fst f) * (k - K)) by (apply Z.mul_nonneg_nonneg; lia). nia.
Qed.

Lemma order k1 k2 f g : K <= k1 -> K <= k2 -> In f F -> In g F ->
  (ev f k1 <= ev g k1 <-> ev f k2 <= ev g k2).
Proof.
  intros H1 H2 Hf Hg. destruct (Z.lt_trichotomy (fst f) (fst g)) as [Hs|[Hs|Hs]].
  - pose proof (gap k1 f g H1 Hf Hg Hs). pose proof (gap k2 f g H2 Hf Hg Hs). lia.
  - unfold ev. rewrite Hs. lia.
  - pose proof (gap k1 g f H1 Hg Hf Hs). pose proof (gap k2 g f H2 Hg Hf Hs). lia.
Qed.

Lemma slope_eq k f g : K <= k -> In f F -> In g F -> ev f k = ev g k -> fst f = fst g.
Proof.
  intros Hk Hf Hg E. destruct (Z.lt_trichotomy (fst f) (fst g)) as [Hs|[Hs|Hs]]; auto.
  - pose proof (gap k f g Hk Hf Hg Hs). lia.
  - pose proof (gap k g f Hk Hg Hf Hs). lia.
Qed.

(** x lies in the segment [f, g) at k: no breakpoint strictly between. *)
Definition seg (k x : Z) (f g : aff) : Prop :=
  In f F /\ In g F /\ ev f k <= x < ev g k /\
  forall h, In h F -> ev h k <= ev f k \/ ev g k <= ev h k.

Lemma max_below (L : list aff) k x f0 : In f0 L -> ev f0 k <= x ->
  exists f, In f L /\ ev f k <= x /\ forall h, In h L -> ev h k <= x -> ev h k <= ev f k.
Proof.
  revert f0. induction L as [|a L IH]; intros f0 H0 Hx; [destruct H0|].
  destruct (Z.leb_spec (ev a k) x) as [Ha|Ha].
  - destruct (List.existsb (fun h => (ev h k <=? x) && (ev a k <? ev h k)) L) eqn:E.
    + apply existsb_exists in E as [h [Hh E]]. apply andb_true_iff in E as [E1 E2].
      apply Z.leb_le in E1. apply Z.ltb_lt in E2. destruct (IH h Hh E1) as [f [Hf [Hfx Hmax]]].
      exists f. split; [right; exact Hf|]. split; [exact Hfx|].
      intros h' [<-|Hh'] Hle; [|apply Hmax; auto].
      specialize (Hmax h Hh E1). lia.
    + exists a. split; [left; auto|]. split; [exact Ha|].
      intros h [<-|Hh] Hle; [lia|].
      destruct (Z.leb_spec (ev h k) (ev a k)); [auto|]. exfalso.
      assert (existsb (fun h => (ev h k <=? x) && (ev a k <? ev h k)) L = true); [|congruence].
      apply existsb_exists. exists h. split; [exact Hh|].
      apply andb_true_iff. split; [apply Z.leb_le | apply Z.ltb_lt]; lia.
  - destruct H0 as [<-|H0]; [lia|]. destruct (IH f0 H0 Hx) as [f [Hf [Hfx Hmax]]].
    exists f. split; [right; exact Hf|]. split; [exact Hfx|].
    intros h [<-|Hh] Hle; [lia | apply Hmax; auto].
Qed.

Lemma min_above (L : list aff) k x g0 : In g0 L -> x < ev g0 k ->
  exists g, In g L /\ x < ev g k /\ forall h, In h L -> x < ev h k -> ev g k <= ev h k.
Proof.
  intros H0 Hx.
  set (L' := map (fun f => (- fst f, - snd f)) L).
  assert (Hev : forall f, ev (- fst f, - snd f) k = - ev f k) by (intros; unfold ev; simpl; ring).
  destruct (max_below L' k (- x - 1) (- fst g0, - snd g0)) as [g' [Hg' [Hgx Hmax]]].
  - apply in_map_iff. exists g0. auto.
  - rewrite Hev. lia.
  - apply in_map_iff in Hg' as [g [<- Hg]]. rewrite Hev in Hgx.
    exists g. split; [exact Hg|]. split; [lia|].
    intros h Hh Hxh. specialize (Hmax (- fst h, - snd h)).
    rewrite !Hev in Hmax. assert (- ev h k <= - ev g k); [|lia].
    apply Hmax; [apply in_map_iff; exists h; auto | lia].
Qed.

Lemma seg_exists k x : ev lo k <= x < ev hi k -> exists f g, seg k x f g.
Proof.
  intros [H1 H2].
  destruct (max_below F k x lo Hlo H1) as [f [Hf [Hfx Hmax]]].
  destruct (min_above F k x hi Hhi H2) as [g [Hg [Hgx Hmin]]].
  exists f, g. split; [exact Hf|]. split; [exact Hg|]. split; [lia|].
  intros h Hh. destruct (Z.leb_spec (ev h k) x); [left; auto | right; apply Hmin; auto].
Qed.

Lemma seg_below k x f g h : seg k x f g -> In h F -> (ev h k <= x <-> ev h k <= ev f k).
Proof.
  intros [Hf [Hg [Hx Hs]]] Hh. destruct (Hs h Hh); lia.
Qed.

Lemma seg_move k1 k2 x1 x2 f g : K <= k1 -> K <= k2 -> seg k1 x1 f g ->
  ev f k2 <= x2 < ev g k2 -> seg k2 x2 f g.
Proof.
  intros H1 H2 [Hf [Hg [Hx Hs]]] Hx2. split; [exact Hf|]. split; [exact Hg|]. split; [exact Hx2|].
  intros h Hh. destruct (Hs h Hh) as [E|E].
  - left. apply (order k1 k2 h f); auto.
  - right. apply (order k1 k2 g h); auto.
Qed.

Lemma seg_slopes k x f g : K <= k -> seg k x f g -> fst f <= fst g.
Proof.
  intros Hk [Hf [Hg [Hx _]]]. destruct (Z.le_gt_cases (fst f) (fst g)) as [|Hs]; auto.
  pose proof (gap k g f Hk Hg Hf Hs). lia.
Qed.

Lemma seg_iff k1 k2 x1 x2 f g h : K <= k1 -> K <= k2 ->
  seg k1 x1 f g -> seg k2 x2 f g -> In h F -> (ev h k1 <= x1 <-> ev h k2 <= x2).
Proof.
  intros H1 H2 S1 S2 Hh. rewrite (seg_below _ _ _ _ _ S1 Hh), (seg_below _ _ _ _ _ S2 Hh).
  destruct S1 as [Hf _]. apply order; auto.
Qed.

Lemma transfer k1 k2 x1 x2 f g : K <= k1 -> K <= k2 -> (M | k1 - k2) ->
  seg k1 x1 f g -> seg k2 x2 f g ->
  (x1 - ev f k1 = x2 - ev f k2 \/
   (fst f <> fst g /\ (M | (x1 - ev f k1) - (x2 - ev f k2)))) ->
  signature rs O k1 x1 = signature rs O k2 x2.
Proof.
  intros H1 H2 Hk S1 S2 Hc. pose proof S1 as [Hf [Hg [Hx1 Hs1]]].
  pose proof S2 as [_ [_ [Hx2 _]]].
  apply (sig_transfer M); [exact HM | exact Hdiv | | |].
  - intros h Hh. apply (seg_iff k1 k2 x1 x2 f g h); auto.
  - intros h Hh Hle.
    replace (x1 - ev h k1 - (x2 - ev h k2))
      with ((x1 - ev f k1 - (x2 - ev f k2)) + (fst f - fst h) * (k1 - k2)) by (unfold ev; ring).
    apply Z.divide_add_r; [|apply Z.divide_mul_r, Hk].
    destruct Hc as [E|[_ E]]; [rewrite E, Z.sub_diag; apply Z.divide_0_r | exact E].
  - intros b l o Hb Ho Hle.
    destruct (fxs_bnds rs b l Hb) as [Hbb [[b' [Hb' Eb']] _]].
    pose proof (Hfix b l Hb) as HlG.
    set (h := aadd b o). assert (Hh : In h F) by (apply In_bps; auto).
    set (h' := aadd b' o). assert (Hh' : In h' F) by (apply In_bps; auto).
    assert (Eh : forall k, ev h k = ev b k + ev o k) by (intros; unfold h; apply ev_aadd).
    assert (Eh' : forall k, ev h' k = ev b k + ev o k + l)
      by (intros; unfold h'; rewrite ev_aadd, Eb'; ring).
    assert (Hhf : ev h k1 <= ev f k1) by (apply (seg_below _ _ _ _ _ S1 Hh); rewrite Eh; lia).
    destruct Hc as [E|[Hs _]].
    + destruct (Z.eq_dec (fst h) (fst f)) as [Hs|Hs].
      * left. assert (ev f k1 - ev h k1 = ev f k2 - ev h k2) by (unfold ev; rewrite Hs; ring).
        rewrite !Eh in *. lia.
      * right. destruct (Z.lt_trichotomy (fst h) (fst f)) as [Hl|[Hl|Hl]]; [|lia|].
        -- pose proof (gap k1 h f H1 Hh Hf Hl). rewrite Eh in *. lia.
        -- pose proof (gap k1 f h H1 Hf Hh Hl). lia.
    + right. destruct (Hs1 h' Hh') as [E|E]; [rewrite Eh' in E; lia|].
      assert (Hfg : fst f < fst g) by (pose proof (seg_slopes k1 x1 f g H1 S1); lia).
      pose proof (gap k1 f g H1 Hf Hg Hfg). rewrite Eh' in E. rewrite Eh in Hhf. lia.
Qed.

Lemma down k x' : K <= k -> ev lo (k + M) <= x' < ev hi (k + M) ->
  exists x, ev lo k <= x < ev hi k /\ signature rs O k x = signature rs O (k + M) x' /\
  ((exists f g, seg k x f g /\ fst f = fst g /\ x' = x + M * fst f) \/
   (exists x2, x2 <> x /\ ev lo k <= x2 < ev hi k /\ signature rs O k x2 = signature rs O (k + M) x')).
Proof.
  intros Hk Hx'. destruct (seg_exists (k + M) x' Hx') as [f [g S']].
  assert (HkM : K <= k + M) by lia.
  assert (Hdiv' : (M | k - (k + M))) by (exists (-1); ring).
  assert (Ef : ev f (k + M) = ev f k + M * fst f) by (unfold ev; ring).
  assert (Eg : ev g (k + M) = ev g k + M * fst g) by (unfold ev; ring).
  pose proof S' as [Hf [Hg [Hx1 _]]].
  assert (Rng : forall x, seg k x f g -> (ev lo k <= x < ev hi k)).
  { intros x Sx. pose proof (seg_iff k (k + M) x x' f g lo Hk HkM Sx S' Hlo).
    pose proof (seg_iff k (k + M) x x' f g hi Hk HkM Sx S' Hhi). lia. }
  destruct (Z.eq_dec (fst f) (fst g)) as [Hs|Hs].
  - set (x := ev f k + (x' - ev f (k + M))).
    assert (Sx : seg k x f g) by (apply (seg_move (k + M) k x' x f g HkM Hk S'); unfold x; rewrite Hs in Ef; lia).
    exists x. split; [apply Rng, Sx|]. split.
    + apply (transfer k (k + M) x x' f g); auto. left. unfold x. ring.
    + left. exists f, g. split; [exact Sx|]. split; [exact Hs|]. unfold x. lia.
  - assert (Hfg : fst f < fst g) by (pose proof (seg_slopes _ _ _ _ HkM S'); lia).
    pose proof (gap k f g Hk Hf Hg Hfg) as Hgap.
    set (d := (x' - ev f (k + M)) mod M).
    assert (Hd : 0 <= d < M) by (apply Z.mod_pos_bound, HM).
    assert (Hdd : forall e, (M | d + M * e - (x' - ev f (k + M)))).
    { intros e. pose proof (Z.div_mod (x' - ev f (k + M)) M ltac:(lia)) as D. fold d in D.
      exists (e - (x' - ev f (k + M)) / M). lia. }
    set (x := ev f k + d).
    assert (Sx : seg k x f g) by (apply (seg_move (k + M) k x' x f g HkM Hk S'); unfold x; lia).
    assert (Sx2 : seg k (x + M) f g) by (apply (seg_move (k + M) k x' (x + M) f g HkM Hk S'); unfold x; lia).
    exists x. split; [apply Rng, Sx|]. split.
    + apply (transfer k (k + M) x x' f g); auto. right. split; [exact Hs|].
      replace (x - ev f k) with (d + M * 0) by (unfold x; ring). apply Hdd.
    + right. exists (x + M). split; [lia|]. split; [apply Rng, Sx2|].
      apply (transfer k (k + M) (x + M) x' f g); auto. right. split; [exact Hs|].
      replace (x + M - ev f k) with (d + M * 1) by (unfold x; ring). apply Hdd.
Qed.

Lemma up k x : K <= k -> ev lo k <= x < ev hi k ->
  exists x', ev lo (k + M) <= x' < ev hi (k + M) /\ signature rs O (k + M) x' = signature rs O k x.
Proof.
  intros Hk Hx. destruct (seg_exists k x Hx) as [f [g S]].
  assert (HkM : K <= k + M) by lia.
  pose proof S as [Hf [Hg [Hx1 _]]].
  pose proof (seg_slopes k x f g Hk S) as Hfg.
  assert (Ef : ev f (k + M) = ev f k + M * fst f) by (unfold ev; ring).
  assert (Eg : ev g (k + M) = ev g k + M * fst g) by (unfold ev; ring).
  set (x' := x + M * fst f).
  assert (S' : seg (k + M) x' f g).
  { apply (seg_move k (k + M) x x' f g Hk HkM S). unfold x'. assert (M * fst f <= M * fst g) by nia. lia. }
  exists x'. split.
  - pose proof (seg_iff k (k + M) x x' f g lo Hk HkM S S' Hlo).
    pose proof (seg_iff k (k + M) x x' f g hi Hk HkM S S' Hhi). lia.
  - apply (transfer (k + M) k x' x f g); auto.
    + exists 1. ring.
    + left. unfold x'. lia.
Qed.

Theorem lemma_s_all (P : list (option nat) -> Prop) k : K <= k ->
  (forall x, ev lo k <= x < ev hi k -> P (signature rs O k x)) ->
  forall x', ev lo (k + M) <= x' < ev hi (k + M) -> P (signature rs O (k + M) x').
Proof.
  intros Hk H x' Hx'. destruct (down k x' Hk Hx') as [x [Hx [E _]]]. rewrite <- E. auto.
Qed.

Definition once_at (s : list (option nat)) (k : Z) : Prop :=
  (exists x, ev lo k <= x < ev hi k /\ signature rs O k x = s) /\
  (forall x y, ev lo k <= x < ev hi k -> ev lo k <= y < ev hi k ->
     signature rs O k x = s -> signature rs O k y = s -> x = y).

Theorem lemma_s_once s k : K <= k -> once_at s k -> once_at s (k + M).
Proof.
  intros Hk [[x [Hx Ex]] Hu]. split.
  - destruct (up k x Hk Hx) as [x' [Hx' E]]. exists x'. split; [exact Hx'|]. congruence.
  - intros y1 y2 Hy1 Hy2 E1 E2.
    destruct (down k y1 Hk Hy1) as [x1 [Hx1 [F1 [[f1 [g1 [S1 [Hs1 Y1]]]]|[z1 [Hz1 [Hz1r Fz1]]]]]]];
    [|exfalso; apply Hz1; apply Hu; congruence].
    destruct (down k y2 Hk Hy2) as [x2 [Hx2 [F2 [[f2 [g2 [S2 [Hs2 Y2]]]]|[z2 [Hz2 [Hz2r Fz2]]]]]]];
    [|exfalso; apply Hz2; apply Hu; congruence].
    assert (X : x1 = x2) by (apply Hu; congruence). subst x2.
    pose proof S1 as [Hf1 [Hg1 [Hr1 Hs1']]]. pose proof S2 as [Hf2 [Hg2 [Hr2 Hs2']]].
    assert (Ef : ev f1 k = ev f2 k).
    { destruct (Hs1' f2 Hf2); destruct (Hs2' f1 Hf1); lia. }
    pose proof (slope_eq k f1 f2 Hk Hf1 Hf2 Ef). congruence.
Qed.
End LemmaS.

Lemma pump_ind (P : Z -> Prop) (K M : Z) : 0 < M ->
  (forall k, K <= k -> P k -> P (k + M)) ->
  (forall k, K <= k < K + M -> P k) ->
  forall k, K <= k -> P k.
Proof.
  intros HM Hstep Hbase.
  assert (H : forall n : nat, forall k, K <= k < K + M * (Z.of_nat n + 1) -> P k).
  { induction n as [|n IH]; intros k Hk.
    - apply Hbase. lia.
    - destruct (Z.lt_ge_cases k (K + M * (Z.of_nat n + 1))) as [Hlt|Hge]; [apply IH; lia|].
      replace k with ((k - M) + M) by ring. apply Hstep; [nia|]. apply IH. nia. }
  intros k Hk. apply (H (Z.to_nat (k - K))). nia.
Qed.

End Z_part.

(** ** Words at one k, as lists *)

Fixpoint cyc_go (w cur : list nat) (n : nat) : list nat :=
  match n with
  | O => []
  | S n' =>
      match cur with
      | [] => match w with [] => [] | v :: w' => v :: cyc_go w w' n' end
      | v :: cur' => v :: cyc_go w cur' n'
      end
  end.

(** The word [w] repeated over [n] letters, without [mod] (unary numbers in
    the virtual machine: a [mod] per letter would be quadratic). *)
Definition cyc (w : list nat) (n : nat) : list nat := cyc_go w w n.

Definition build (rs : list block) (k : Z) : list nat :=
  concat (map (fun r => cyc (word r) (Z.to_nat (blen r k))) rs).

Lemma skipn_cons_nth (w : list nat) j : j < length w -> skipn j w = nth j w 0 :: skipn (S j) w.
Proof.
  revert w. induction j as [|j IH]; intros [|v w] H; simpl in *; try lia; auto.
  apply IH. lia.
Qed.

Lemma cyc_go_length w cur n : w <> [] -> length (cyc_go w cur n) = n.
Proof.
  intros Hw. revert cur. induction n as [|n IH]; intros cur; [reflexivity|].
  destruct cur as [|v cur]; [destruct w as [|v w]; [congruence|]|]; simpl; rewrite IH; auto.
Qed.

Lemma cyc_go_nth w n : w <> [] -> forall j t, j <= length w -> t < n ->
  nth t (cyc_go w (skipn j w) n) 0 = nth ((j + t) mod length w) w 0.
Proof.
  intros Hw. assert (Hl : length w <> 0) by (destruct w; simpl; congruence).
  induction n as [|n IH]; intros j t Hj Ht; [lia|].
  assert (Lt : forall j t, j < length w -> t < S n ->
    nth t (cyc_go w (skipn j w) (S n)) 0 = nth ((j + t) mod length w) w 0).
  { intros j' t' Hj' Ht'. rewrite (skipn_cons_nth w j') by lia.
    change (cyc_go w (nth j' w 0 :: skipn (S j') w) (S n))
      with (nth j' w 0 :: cyc_go w (skipn (S j') w) n).
    destruct t' as [|t'].
    - simpl nth. rewrite Nat.add_0_r, Nat.mod_small by lia. reflexivity.
    - change (nth (S t') (nth j' w 0 :: cyc_go w (skipn (S j') w) n) 0)
        with (nth t' (cyc_go w (skipn (S j') w) n) 0).
      rewrite IH by lia. f_equal. f_equal. lia. }
  destruct (Nat.eq_dec j (length w)) as [->|Hj']; [|apply Lt; lia].
  rewrite skipn_all.
  replace (cyc_go w [] (S n)) with (cyc_go w (skipn 0 w) (S n))
    by (destruct w; [congruence | reflexivity]).
  rewrite Lt by lia. f_equal.
  replace (length w + t) with (0 + t + 1 * length w) by lia. rewrite Nat.mod_add by auto.
  reflexivity.
Qed.

Lemma cyc_nth w n t : w <> [] -> t < n -> nth t (cyc w n) 0 = nth (t mod length w) w 0.
Proof. intros Hw Ht. apply (cyc_go_nth w n Hw 0 t); lia. Qed.

Lemma ev_tot_cons r rs k : ev (tot_aff (r :: rs)) k = (blen r k + ev (tot_aff rs) k)%Z.
Proof. simpl tot_aff. rewrite ev_aadd. reflexivity. Qed.

Lemma ev_tot_nil k : ev (tot_aff []) k = 0%Z.
Proof. apply ev_zero. Qed.

Lemma tot_nonneg rs k : (forall r, In r rs -> (0 <= blen r k)%Z) -> (0 <= ev (tot_aff rs) k)%Z.
Proof.
  induction rs as [|r rs IH]; intros H; [rewrite ev_tot_nil; lia|].
  rewrite ev_tot_cons. pose proof (H r (or_introl eq_refl)).
  assert (0 <= ev (tot_aff rs) k)%Z by (apply IH; intros; apply H; right; auto). lia.
Qed.

Lemma ev_tot_app A B k : ev (tot_aff (A ++ B)) k = (ev (tot_aff A) k + ev (tot_aff B) k)%Z.
Proof.
  induction A as [|r A IH]; [rewrite ev_tot_nil; reflexivity|].
  simpl app. rewrite !ev_tot_cons, IH. ring.
Qed.

Lemma ev_tot_repeat per n k :
  ev (tot_aff (concat (repeat per n))) k = (Z.of_nat n * ev (tot_aff per) k)%Z.
Proof.
  induction n as [|n IH]; [rewrite ev_tot_nil; reflexivity|].
  simpl repeat. simpl concat. rewrite ev_tot_app, IH. lia.
Qed.

Definition words_ok (rs : list block) (k : Z) : Prop :=
  forall r, In r rs -> word r <> [] /\ (0 <= blen r k)%Z.

Lemma build_length rs k : words_ok rs k ->
  length (build rs k) = Z.to_nat (ev (tot_aff rs) k).
Proof.
  induction rs as [|r rs IH]; intros H; [reflexivity|].
  unfold build. simpl map. simpl concat. rewrite app_length. fold (build rs k).
  destruct (H r (or_introl eq_refl)) as [Hw Hl].
  unfold cyc. rewrite cyc_go_length by exact Hw. rewrite IH by (intros r' Hr'; apply H; right; auto).
  rewrite ev_tot_cons.
  assert (0 <= ev (tot_aff rs) k)%Z by (apply tot_nonneg; intros r' Hr'; apply H; right; auto).
  lia.
Qed.

Lemma build_nth rs k y : words_ok rs k -> (0 <= y < ev (tot_aff rs) k)%Z ->
  nth (Z.to_nat y) (build rs k) 0 = zletter rs k y.
Proof.
  revert y. induction rs as [|r rs IH]; intros y H Hy; [rewrite ev_tot_nil in Hy; lia|].
  destruct (H r (or_introl eq_refl)) as [Hw Hl].
  assert (Hrest : words_ok rs k) by (intros r' Hr'; apply H; right; auto).
  unfold build. simpl map. simpl concat. fold (build rs k). simpl zletter.
  assert (Hc : length (cyc (word r) (Z.to_nat (blen r k))) = Z.to_nat (blen r k))
    by (apply cyc_go_length, Hw).
  assert (Hw0 : (0 < Z.of_nat (length (word r)))%Z) by (destruct (word r); simpl; [congruence | lia]).
  destruct (Z.ltb_spec y (blen r k)) as [Lt|Ge].
  - rewrite app_nth1 by lia. rewrite cyc_nth by (auto; lia).
    f_equal. rewrite Z2Nat.inj_mod by lia. rewrite Nat2Z.id. reflexivity.
  - rewrite app_nth2 by lia. rewrite Hc. rewrite <- Z2Nat.inj_sub by lia. apply IH; auto.
    rewrite ev_tot_cons in Hy. lia.
Qed.

(** ** The mex rule along a list *)

Definition somes (l : list (option nat)) : list nat :=
  flat_map (fun o => match o with Some v => [v] | None => [] end) l.

Definition shifted (s : nat) (w : list nat) : list (option nat) := repeat None s ++ map Some w.

Fixpoint rec_go (w : list nat) (ta tb tc : list (option nat)) : bool :=
  match w, ta, tb, tc with
  | [], _, _, _ => true
  | v :: w', oa :: ta', ob :: tb', oc :: tc' =>
      Nat.eqb v (mex (somes [oa; ob; oc])) && rec_go w' ta' tb' tc'
  | _, _, _, _ => false
  end.

(** The mex rule of {a, b, c} at every position of [w]: each option is read
    from a copy of [w] shifted by the move, so the check is linear. *)
Definition rec_list (a b c : nat) (w : list nat) : bool :=
  rec_go w (shifted a w) (shifted b w) (shifted c w).

Lemma rec_go_nth w ta tb tc : rec_go w ta tb tc = true -> forall i, i < length w ->
  nth i w 0 = mex (somes [nth i ta None; nth i tb None; nth i tc None]).
Proof.
  revert ta tb tc. induction w as [|v w IH]; intros ta tb tc H i Hi; [simpl in Hi; lia|].
  destruct ta as [|oa ta]; [discriminate|]. destruct tb as [|ob tb]; [discriminate|].
  destruct tc as [|oc tc]; [discriminate|].
  simpl in H. apply andb_true_iff in H as [H1 H2].
  destruct i as [|i]; simpl; [apply Nat.eqb_eq, H1|]. apply IH; auto. simpl in Hi; lia.
Qed.

Lemma nth_shifted s w i : i < s + length w ->
  nth i (shifted s w) None = if i <? s then None else Some (nth (i - s) w 0).
Proof.
  intros Hi. unfold shifted. destruct (Nat.ltb_spec i s).
  - rewrite app_nth1 by (rewrite repeat_length; lia). apply nth_repeat.
  - rewrite app_nth2 by (rewrite repeat_length; lia). rewrite repeat_length.
    rewrite (nth_indep _ None (Some 0)) by (rewrite map_length; lia).
    rewrite map_nth. reflexivity.
Qed.

Lemma options_somes S g x :
  options S g x = somes (map (fun s => if x <? s then None else Some (g (x - s))) S).
Proof.
  unfold options. induction S as [|s S IH]; [reflexivity|].
  simpl. destruct (Nat.leb_spec s x); destruct (Nat.ltb_spec x s); try lia; simpl; rewrite IH;
    reflexivity.
Qed.

(** ** Rule R: the readings 0, a, b, c(k) *)

Definition readings_R (a b m rho : nat) : list aff :=
  [(0, 0); (0, Z.of_nat a); (0, Z.of_nat b); (Z.of_nat m, Z.of_nat rho)]%Z.

Definition recOK (s : list (option nat)) : Prop :=
  match s with o0 :: rest => o0 = Some (mex (somes rest)) | [] => False end.

Lemma sig_R rs a b m rho k x :
  signature rs (readings_R a b m rho) (Z.of_nat k) x =
  map (fun s => if (x <? Z.of_nat s)%Z then None
                else Some (zletter rs (Z.of_nat k) (x - Z.of_nat s))) [0; a; b; m * k + rho].
Proof.
  unfold signature, readings_R. simpl map. unfold ev; simpl fst; simpl snd.
  replace (Z.of_nat m * Z.of_nat k + Z.of_nat rho)%Z with (Z.of_nat (m * k + rho)) by lia.
  reflexivity.
Qed.

Lemma rec_conc rs a b m rho k : words_ok rs (Z.of_nat k) ->
  rec_list a b (m * k + rho) (build rs (Z.of_nat k)) = true ->
  forall x, (0 <= x < ev (tot_aff rs) (Z.of_nat k))%Z -> recOK (signature rs (readings_R a b m rho) (Z.of_nat k) x).
Proof.
  intros Hw H x Hx. rewrite sig_R. simpl map. unfold recOK.
  set (w := build rs (Z.of_nat k)).
  assert (Hlen : length w = Z.to_nat (ev (tot_aff rs) (Z.of_nat k))) by (apply build_length, Hw).
  assert (Hi : Z.to_nat x < length w) by lia.
  pose proof (rec_go_nth _ _ _ _ H (Z.to_nat x) Hi) as E.
  assert (Opt : forall s, (if (x <? Z.of_nat s)%Z then None
       else Some (zletter rs (Z.of_nat k) (x - Z.of_nat s))) = nth (Z.to_nat x) (shifted s w) None).
  { intros s. rewrite nth_shifted by lia.
    destruct (Z.ltb_spec x (Z.of_nat s)); destruct (Nat.ltb_spec (Z.to_nat x) s); try lia;
      [reflexivity|].
    f_equal. rewrite <- (build_nth rs (Z.of_nat k)) by (auto; lia). f_equal. lia. }
  rewrite !Opt. fold w in E. rewrite <- E.
  replace (x <? 0)%Z with false by (symmetry; apply Z.ltb_ge; lia).
  rewrite Z.sub_0_r. f_equal. symmetry. apply build_nth; auto; lia.
Qed.

(** The mex rule of the nat function read off [rs], from [recOK]. *)
Lemma rule_of_recOK rs a b m rho k x :
  recOK (signature rs (readings_R a b m rho) (Z.of_nat k) (Z.of_nat x)) ->
  let g := fun y => zletter rs (Z.of_nat k) (Z.of_nat y) in
  g x = mex (options [a; b; m * k + rho] g x).
Proof.
  intros H g. rewrite sig_R in H. simpl map in H. unfold recOK in H.
  rewrite options_somes. simpl map.
  replace (Z.of_nat x <? 0)%Z with false in H by (symmetry; apply Z.ltb_ge; lia).
  injection H as H. rewrite Z.sub_0_r in H. unfold g at 1. rewrite H. f_equal.
  assert (Opt : forall s, (if (Z.of_nat x <? Z.of_nat s)%Z then None
      else Some (zletter rs (Z.of_nat k) (Z.of_nat x - Z.of_nat s))) =
      (if x <? s then None else Some (g (x - s)))).
  { intros s. destruct (Z.ltb_spec (Z.of_nat x) (Z.of_nat s)); destruct (Nat.ltb_spec x s);
      try lia; [reflexivity|]. unfold g. rewrite Nat2Z.inj_sub by lia. reflexivity. }
  rewrite !Opt. reflexivity.
Qed.

(** ** The blocks as Z-readings *)

Lemma letter_zletter bl k y : (forall r, In r bl -> (0 <= blen r (Z.of_nat k))%Z) ->
  letter bl k y = zletter bl (Z.of_nat k) (Z.of_nat y).
Proof.
  revert y. induction bl as [|r bl IH]; intros y H; [reflexivity|]. simpl.
  pose proof (H r (or_introl eq_refl)) as Hr.
  destruct (Nat.ltb_spec y (Z.to_nat (blen r (Z.of_nat k))));
  destruct (Z.ltb_spec (Z.of_nat y) (blen r (Z.of_nat k))); try lia.
  - f_equal. rewrite <- Nat2Z.inj_mod, Nat2Z.id. reflexivity.
  - rewrite IH by (intros; apply H; right; auto). f_equal.
    rewrite Nat2Z.inj_sub by lia. rewrite Z2Nat.id by lia. reflexivity.
Qed.

Lemma zletter_app A B k y : (forall r, In r A -> (0 <= blen r k)%Z) -> (0 <= y)%Z ->
  zletter (A ++ B) k y =
  if (y <? ev (tot_aff A) k)%Z then zletter A k y else zletter B k (y - ev (tot_aff A) k).
Proof.
  revert y. induction A as [|r A IH]; intros y H Hy.
  - rewrite ev_tot_nil. simpl app.
    replace (y <? 0)%Z with false by (symmetry; apply Z.ltb_ge; lia). rewrite Z.sub_0_r. reflexivity.
  - simpl app. simpl zletter. rewrite ev_tot_cons. pose proof (H r (or_introl eq_refl)).
    assert (0 <= ev (tot_aff A) k)%Z by (apply tot_nonneg; intros; apply H; right; auto).
    destruct (Z.ltb_spec y (blen r k)).
    + replace (y <? blen r k + ev (tot_aff A) k)%Z with true by (symmetry; apply Z.ltb_lt; lia).
      reflexivity.
    + rewrite IH by (try (intros; apply H; right; auto); lia).
      destruct (Z.ltb_spec (y - blen r k) (ev (tot_aff A) k));
      destruct (Z.ltb_spec y (blen r k + ev (tot_aff A) k)); try lia; try reflexivity.
      simpl tot_aff. rewrite ev_aadd, ev_blaff. f_equal. ring.
Qed.

Lemma zletter_repeat per k n y : (forall r, In r per -> (0 <= blen r k)%Z) ->
  (0 < ev (tot_aff per) k)%Z -> (0 <= y < Z.of_nat n * ev (tot_aff per) k)%Z ->
  zletter (concat (repeat per n)) k y = zletter per k (y mod ev (tot_aff per) k).
Proof.
  intros H Hp. revert y. induction n as [|n IH]; intros y Hy; [lia|].
  simpl repeat. simpl concat. rewrite zletter_app by (auto; lia).
  destruct (Z.ltb_spec y (ev (tot_aff per) k)).
  - rewrite Z.mod_small by lia. reflexivity.
  - rewrite IH by lia. f_equal.
    replace y with ((y - ev (tot_aff per) k) + 1 * ev (tot_aff per) k)%Z at 2 by ring.
    rewrite Z.mod_add by lia. reflexivity.
Qed.

Lemma fst_tot rs : fst (tot_aff rs) = fold_right (fun r s => Z.of_nat (slope r) + s)%Z 0%Z rs.
Proof. induction rs as [|r rs IH]; [reflexivity|]. simpl. rewrite IH. reflexivity. Qed.

Lemma slopes_zero rs : fst (tot_aff rs) = 0%Z -> forall r, In r rs -> slope r = 0.
Proof.
  rewrite fst_tot. induction rs as [|r rs IH]; intros H r' Hr'; [destruct Hr'|].
  simpl in H.
  assert (0 <= fold_right (fun r s => Z.of_nat (slope r) + s)%Z 0%Z rs)%Z.
  { clear. induction rs; simpl; lia. }
  destruct Hr' as [<-|Hr']; [lia|]. apply IH; auto. lia.
Qed.

Lemma blen_fixed r k k' : slope r = 0 -> blen r k = blen r k'.
Proof. intros H. unfold blen. rewrite H. reflexivity. Qed.

Lemma build_fixed rs k k' : (forall r, In r rs -> slope r = 0) -> build rs k = build rs k'.
Proof.
  intros H. unfold build. f_equal. apply map_ext_in. intros r Hr.
  rewrite (blen_fixed r k k' (H r Hr)). reflexivity.
Qed.

Lemma tot_fixed rs k k' : (forall r, In r rs -> slope r = 0) -> ev (tot_aff rs) k = ev (tot_aff rs) k'.
Proof.
  induction rs as [|r rs IH]; intros H; [rewrite !ev_tot_nil; reflexivity|].
  rewrite !ev_tot_cons, (blen_fixed r k k' (H r (or_introl eq_refl))), IH; auto.
  intros; apply H; right; auto.
Qed.

Lemma blen_mono r k k' : (k' <= k)%Z -> (blen r k' <= blen r k)%Z.
Proof. intros H. unfold blen. nia. Qed.

(** ** The unrolled list: E_k on [0, q + r·p), or on [0, q + p + c) *)

(** The pre-period, then the period [r] times over; when the period is
    constant (slope 0), the pre-period then one growing run of the period's
    word over p + c(k) letters. *)
Definition unrolled (pre per : list block) (ps r m rho : nat) : list block :=
  if Nat.eqb ps 0
  then pre ++ [Block (build per 0) m (Z.of_nat (length (build per 0)) + Z.of_nat rho)]
  else pre ++ concat (repeat per r).

Lemma In_unrolled pre per ps r m rho x : In x (unrolled pre per ps r m rho) ->
  In x pre \/ In x per \/ x = Block (build per 0) m (Z.of_nat (length (build per 0)) + Z.of_nat rho).
Proof.
  unfold unrolled. destruct (Nat.eqb ps 0); intros H; apply in_app_or in H as [H|H]; auto.
  - destruct H as [H|[]]; auto.
  - right; left. apply in_concat in H as [l [Hl H]]. apply repeat_spec in Hl. subst. auto.
Qed.

Lemma E_unrolled pre per ps r m rho k x :
  words_ok pre (Z.of_nat k) -> words_ok per (Z.of_nat k) ->
  (0 < ev (tot_aff per) (Z.of_nat k))%Z ->
  (ps = 0 -> forall r', In r' per -> slope r' = 0) ->
  (Z.of_nat x < ev (tot_aff (unrolled pre per ps r m rho)) (Z.of_nat k))%Z ->
  pp_E pre per k (Z.to_nat (ev (tot_aff pre) (Z.of_nat k)))
    (Z.to_nat (ev (tot_aff per) (Z.of_nat k))) x =
  zletter (unrolled pre per ps r m rho) (Z.of_nat k) (Z.of_nat x).
Proof.
  intros Hpre Hper Hp Hfix Hx.
  set (kz := Z.of_nat k) in *.
  assert (Hpre0 : forall r', In r' pre -> (0 <= blen r' kz)%Z) by (intros; apply Hpre; auto).
  assert (Hper0 : forall r', In r' per -> (0 <= blen r' kz)%Z) by (intros; apply Hper; auto).
  assert (HQ : (0 <= ev (tot_aff pre) kz)%Z) by (apply tot_nonneg; auto).
  unfold pp_E. set (Q := ev (tot_aff pre) kz) in *.
  set (P := ev (tot_aff per) kz) in *.
  set (U := unrolled pre per ps r m rho) in *.
  assert (HU : exists T, U = pre ++ T) by
    (unfold U, unrolled; destruct (Nat.eqb ps 0); eexists; reflexivity).
  destruct HU as [T HT]. rewrite HT in Hx |- *.
  rewrite zletter_app by (auto; lia). rewrite ev_tot_app in Hx. fold Q in Hx |- *.
  destruct (Nat.ltb_spec x (Z.to_nat Q)); destruct (Z.ltb_spec (Z.of_nat x) Q); try lia.
  { apply letter_zletter; auto. }
  rewrite letter_zletter by auto. rewrite Nat2Z.inj_mod, Nat2Z.inj_sub by lia.
  rewrite !Z2Nat.id by lia. fold kz.
  unfold U, unrolled in HT.
  destruct (Nat.eqb_spec ps 0) as [Hps|Hps]; apply app_inv_head in HT; subst T.
  - specialize (Hfix Hps).
    rewrite ev_tot_cons, ev_tot_nil in Hx.
    set (Pw := build per 0) in *.
    assert (HPw : build per kz = Pw) by (apply build_fixed, Hfix).
    assert (HlPw : Z.of_nat (length Pw) = P).
    { unfold Pw. rewrite build_length.
      - rewrite (tot_fixed per 0 kz Hfix). fold P. lia.
      - intros r' Hr'. split; [apply Hper, Hr'|]. rewrite (blen_fixed r' 0 kz (Hfix r' Hr')).
        apply Hper0, Hr'. }
    simpl zletter. unfold blen at 1. simpl slope. simpl offset. simpl word.
    unfold blen in Hx. simpl slope in Hx. simpl offset in Hx.
    replace (Z.of_nat x - Q <? Z.of_nat m * kz + (Z.of_nat (length Pw) + Z.of_nat rho))%Z
      with true by (symmetry; apply Z.ltb_lt; lia).
    pose proof (Z.mod_pos_bound (Z.of_nat x - Q) P Hp).
    rewrite <- (build_nth per kz) by (auto; lia).
    rewrite HPw, HlPw. reflexivity.
  - rewrite ev_tot_repeat in Hx.
    rewrite zletter_repeat by (auto; lia). reflexivity.
Qed.

(** ** The last letter of a run list depends on k mod M only *)

Definition lastl (rs : list block) (k : nat) : nat :=
  zletter rs (Z.of_nat k) (ev (tot_aff rs) (Z.of_nat k) - 1).

Lemma tot_pos rs k : rs <> [] -> (forall r, In r rs -> (1 <= blen r k)%Z) ->
  (1 <= ev (tot_aff rs) k)%Z.
Proof.
  destruct rs as [|r rs]; intros Hn H; [congruence|]. rewrite ev_tot_cons.
  pose proof (H r (or_introl eq_refl)).
  assert (0 <= ev (tot_aff rs) k)%Z by (apply tot_nonneg; intros; pose proof (H r0 (or_intror H1)); lia).
  lia.
Qed.

Lemma last_pump rs k1 k2 : rs <> [] ->
  (forall r, In r rs -> word r <> [] /\ (1 <= blen r k1)%Z /\ (1 <= blen r k2)%Z /\
     (Z.of_nat (length (word r)) | blen r k1 - blen r k2)%Z) ->
  zletter rs k1 (ev (tot_aff rs) k1 - 1) = zletter rs k2 (ev (tot_aff rs) k2 - 1).
Proof.
  induction rs as [|r rs IH]; intros Hn H; [congruence|].
  destruct (H r (or_introl eq_refl)) as [Hw [H1 [H2 Hd]]].
  rewrite !ev_tot_cons. simpl zletter.
  destruct rs as [|r' rs'].
  - rewrite !ev_tot_nil, !Z.add_0_r.
    replace (blen r k1 - 1 <? blen r k1)%Z with true by (symmetry; apply Z.ltb_lt; lia).
    replace (blen r k2 - 1 <? blen r k2)%Z with true by (symmetry; apply Z.ltb_lt; lia).
    f_equal. f_equal. apply mod_eq_of_divide.
    + destruct (word r); [congruence|]. simpl. lia.
    + replace (blen r k1 - 1 - (blen r k2 - 1))%Z with (blen r k1 - blen r k2)%Z by ring. exact Hd.
  - assert (T1 : (1 <= ev (tot_aff (r' :: rs')) k1)%Z)
      by (apply tot_pos; [congruence | intros x Hx; apply H; right; auto]).
    assert (T2 : (1 <= ev (tot_aff (r' :: rs')) k2)%Z)
      by (apply tot_pos; [congruence | intros x Hx; apply H; right; auto]).
    replace (blen r k1 + ev (tot_aff (r' :: rs')) k1 - 1 <? blen r k1)%Z with false
      by (symmetry; apply Z.ltb_ge; lia).
    replace (blen r k2 + ev (tot_aff (r' :: rs')) k2 - 1 <? blen r k2)%Z with false
      by (symmetry; apply Z.ltb_ge; lia).
    replace (blen r k1 + ev (tot_aff (r' :: rs')) k1 - 1 - blen r k1)%Z
      with (ev (tot_aff (r' :: rs')) k1 - 1)%Z by ring.
    replace (blen r k2 + ev (tot_aff (r' :: rs')) k2 - 1 - blen r k2)%Z
      with (ev (tot_aff (r' :: rs')) k2 - 1)%Z by ring.
    apply IH; [congruence|]. intros x Hx. apply H. right. exact Hx.
Qed.

(** ** The checks of Lemma S's hypotheses *)

Definition has_block (rs : list block) : bool := match rs with [] => false | _ => true end.
Definition nonempty_words (rs : list block) : bool :=
  forallb (fun r => negb (Nat.eqb (length (word r)) 0)) rs.
Definition lengths_ok (rs : list block) (k : Z) : bool := forallb (fun r => (1 <=? blen r k)%Z) rs.
Definition divs_ok (M : Z) (rs : list block) : bool :=
  forallb (fun r => negb (Nat.eqb (length (word r)) 0) &&
    (Nat.eqb (slope r) 0 || Z.eqb (M mod Z.of_nat (length (word r))) 0)) rs.
(** ℓ_max, the largest fixed length. *)
Definition maxfix (rs : list block) : Z :=
  fold_right (fun r acc => if Nat.eqb (slope r) 0 then Z.max (offset r) acc else acc) 0%Z rs.
(** G = max(2M, ℓ_max + 1). *)
Definition gapG (M : Z) (rs : list block) : Z := Z.max (2 * M) (maxfix rs + 1).
Definition thr_ok (F : list aff) (K G : Z) : bool :=
  forallb (fun f => forallb (fun g => negb (fst f <? fst g)%Z || (G <=? ev g K - ev f K)%Z) F) F.
(** Lemma S's hypotheses at K with period M: every word length of a growing
    run divides M, every length is at least 1 at K, and breakpoints of
    different slopes are G apart at K, in the direction of the slopes. *)
Definition lemS_ok (rs : list block) (O : list aff) (K M : Z) : bool :=
  (0 <? M)%Z && divs_ok M rs && lengths_ok rs K && thr_ok (bps rs O) K (gapG M rs).

Lemma has_block_sound rs : has_block rs = true -> rs <> [].
Proof. destruct rs; simpl; congruence. Qed.

Lemma nonempty_words_sound rs : nonempty_words rs = true -> forall r, In r rs -> word r <> [].
Proof.
  intros H r Hr. unfold nonempty_words in H. rewrite forallb_forall in H.
  specialize (H r Hr). destruct (word r); simpl in H; congruence.
Qed.

Lemma lengths_ok_sound rs k : lengths_ok rs k = true -> forall k', (k <= k')%Z ->
  forall r, In r rs -> (1 <= blen r k')%Z.
Proof.
  intros H k' Hk r Hr. unfold lengths_ok in H. rewrite forallb_forall in H.
  specialize (H r Hr). apply Z.leb_le in H. pose proof (blen_mono r k' k Hk). lia.
Qed.

Lemma divs_ok_sound M rs : divs_ok M rs = true -> divs_prop M rs.
Proof.
  intros H r Hr. unfold divs_ok in H. rewrite forallb_forall in H.
  specialize (H r Hr). apply andb_true_iff in H as [H1 H2].
  assert (Hw : word r <> []) by (destruct (word r); simpl in H1; congruence).
  split; [exact Hw|]. intros Hs. apply orb_true_iff in H2 as [H2|H2]; [apply Nat.eqb_eq in H2; congruence|].
  apply Z.eqb_eq in H2. apply Z.mod_divide; [|exact H2].
  destruct (word r); [congruence|]. simpl. lia.
Qed.

Lemma maxfix_ge rs r : In r rs -> slope r = 0 -> (offset r <= maxfix rs)%Z.
Proof.
  induction rs as [|r' rs IH]; intros Hr Hs; [destruct Hr|]. simpl.
  destruct Hr as [<-|Hr].
  - rewrite Hs. simpl. lia.
  - specialize (IH Hr Hs). destruct (Nat.eqb (slope r') 0); lia.
Qed.

Lemma lemS_sound rs O K M : lemS_ok rs O K M = true ->
  (0 < M)%Z /\ (2 * M <= gapG M rs)%Z /\ divs_prop M rs /\
  (forall b l, In (b, l) (fxs rs) -> (l < gapG M rs)%Z) /\
  (forall f g, In f (bps rs O) -> In g (bps rs O) -> (fst f < fst g)%Z ->
     (gapG M rs <= ev g K - ev f K)%Z) /\
  (forall k, (K <= k)%Z -> forall r, In r rs -> (1 <= blen r k)%Z).
Proof.
  unfold lemS_ok. intros H.
  apply andb_true_iff in H as [H H4]. apply andb_true_iff in H as [H H3].
  apply andb_true_iff in H as [H1 H2]. apply Z.ltb_lt in H1.
  split; [exact H1|]. split; [unfold gapG; lia|]. split; [apply divs_ok_sound, H2|]. split.
  - intros b l Hb. destruct (fxs_bnds rs b l Hb) as [_ [_ [r [Hr [Hs Hl]]]]].
    pose proof (maxfix_ge rs r Hr Hs). unfold gapG. lia.
  - split; [|intros k Hk; apply (lengths_ok_sound rs K H3 k Hk)].
    intros f g Hf Hg Hfg. unfold thr_ok in H4. rewrite forallb_forall in H4.
    specialize (H4 f Hf). rewrite forallb_forall in H4. specialize (H4 g Hg).
    apply orb_true_iff in H4 as [E|E].
    + apply negb_true_iff, Z.ltb_ge in E. lia.
    + apply Z.leb_le in E. exact E.
Qed.

(** Lemma S applied at every k >= K, from the k of [K, K + M). *)
Theorem pumped_all rs O K M lo hi (P : list (option nat) -> Prop) :
  lemS_ok rs O K M = true -> In lo (bps rs O) -> In hi (bps rs O) ->
  (forall k, (K <= k < K + M)%Z -> forall x, (ev lo k <= x < ev hi k)%Z -> P (signature rs O k x)) ->
  forall k, (K <= k)%Z -> forall x, (ev lo k <= x < ev hi k)%Z -> P (signature rs O k x).
Proof.
  intros H Hlo Hhi Hbase. destruct (lemS_sound _ _ _ _ H) as [HM [HG [Hd [Hf [Ht _]]]]].
  apply (pump_ind (fun k => forall x, (ev lo k <= x < ev hi k)%Z -> P (signature rs O k x)) K M HM);
    [|exact Hbase].
  intros k Hk Hall. apply (lemma_s_all rs O M (gapG M rs) K lo hi HM HG Hd Hf Ht Hlo Hhi P k Hk Hall).
Qed.

Theorem pumped_once rs O K M lo hi s :
  lemS_ok rs O K M = true -> In lo (bps rs O) -> In hi (bps rs O) ->
  (forall k, (K <= k < K + M)%Z -> once_at rs O lo hi s k) ->
  forall k, (K <= k)%Z -> once_at rs O lo hi s k.
Proof.
  intros H Hlo Hhi Hbase. destruct (lemS_sound _ _ _ _ H) as [HM [HG [Hd [Hf [Ht _]]]]].
  apply (pump_ind (once_at rs O lo hi s) K M HM); [|exact Hbase].
  intros k Hk Hone. apply (lemma_s_once rs O M (gapG M rs) K lo hi HM HG Hd Hf Ht Hlo Hhi s k Hk Hone).
Qed.

(** [min(k0, K), K + M) covers [K, K + M). *)
Lemma checked_window (k0 K M k : nat) : K <= k < K + M ->
  In k (seq (Nat.min k0 K) (K + M - Nat.min k0 K)).
Proof. intros Hk. apply in_seq. lia. Qed.

(** ** Rule R and Rule W: the checker, for every k >= k0 *)

(** A claim (a, b, m = a + b, ρ, k0, the blocks, q = qs·k + qo, p = ps·k + po),
    the copies r of the period in the unrolled list, and Lemma S's K and M
    for that list read at 0, a, b, c(k). *)
Definition chk_R (a b m rho k0 : nat) (pre per : list block) (qs : nat) (qo : Z)
    (ps : nat) (po : Z) (r K M : nat) : bool :=
  let U := unrolled pre per ps r m rho in
  let kmin := Nat.min k0 K in
  let k0z := Z.of_nat k0 in
  Nat.eqb m (a + b) && (0 <? a) && (a <? b) && (b <? m * k0 + rho) &&
  has_block pre && has_block per && nonempty_words (pre ++ per) &&
  lengths_ok (pre ++ per) k0z && lengths_ok U k0z &&
  Z.eqb (fst (tot_aff pre)) (Z.of_nat qs) && Z.eqb (snd (tot_aff pre)) qo &&
  Z.eqb (fst (tot_aff per)) (Z.of_nat ps) && Z.eqb (snd (tot_aff per)) po &&
  (Nat.eqb ps 0 || ((1 <=? r) && (Z.of_nat m <=? Z.of_nat (r - 1) * Z.of_nat ps)%Z &&
     (Z.of_nat (m * k0 + rho) <=? Z.of_nat (r - 1) * ev (tot_aff per) k0z)%Z)) &&
  lemS_ok U (readings_R a b m rho) (Z.of_nat K) (Z.of_nat M) &&
  divs_ok (Z.of_nat M) (pre ++ per) && lengths_ok (pre ++ per) (Z.of_nat K) &&
  forallb (fun k => rec_list a b (m * k + rho) (build U (Z.of_nat k)) &&
                    negb (Nat.eqb (lastl pre k) (lastl per k))) (seq kmin (K + M - kmin)).

(** The claim at one k: G_S = E_k, p is a period from q, and q > 0 is the
    least pre-period for every period (so G_S is not purely periodic). *)
Definition pp_claim (a b m rho : nat) (pre per : list block) (k q p : nat) : Prop :=
  let S := [a; b; m * k + rho] in
  (forall x, G S x = pp_E pre per k q p x) /\ 0 < q /\ 0 < p /\ period_from (G S) q p /\
  (forall q' e, 0 < e -> period_from (G S) q' e -> q <= q').

Ltac split_checks H :=
  repeat match type of H with
  | (_ && _) = true => let H1 := fresh "C" in apply andb_true_iff in H as [H H1]
  end.

Lemma pp_E_period pre per k q p x : 0 < p -> q <= x -> pp_E pre per k q p (x + p) = pp_E pre per k q p x.
Proof.
  intros Hp Hx. unfold pp_E.
  destruct (Nat.ltb_spec (x + p) q); destruct (Nat.ltb_spec x q); try lia.
  f_equal. replace (x + p - q) with ((x - q) + 1 * p) by lia. apply Nat.mod_add. lia.
Qed.

Theorem chk_R_sound a b m rho k0 pre per qs qo ps po r K M (qf pf : nat -> nat) :
  chk_R a b m rho k0 pre per qs qo ps po r K M = true ->
  (forall k, k0 <= k -> Z.of_nat (qf k) = (Z.of_nat qs * Z.of_nat k + qo)%Z) ->
  (forall k, k0 <= k -> Z.of_nat (pf k) = (Z.of_nat ps * Z.of_nat k + po)%Z) ->
  forall k, k0 <= k -> pp_claim a b m rho pre per k (qf k) (pf k).
Proof.
  intros H Hqf Hpf k Hk. unfold chk_R in H. split_checks H.
  set (U := unrolled pre per ps r m rho) in *.
  set (O := readings_R a b m rho) in *.
  rename H into Hm, C15 into Ha0, C14 into Hab, C13 into Hbc.
  apply Nat.eqb_eq in Hm. apply Nat.ltb_lt in Ha0, Hab, Hbc.
  rename C into Hconc, C0 into HlenK, C1 into HdivPP, C2 into HlemS, C3 into Hcopies,
    C4 into Hpo, C5 into Hps, C6 into Hqo, C7 into Hqs, C8 into HlenU0, C9 into Hlen0,
    C10 into Hwords, C11 into Hper, C12 into Hpre.
  apply Z.eqb_eq in Hpo, Hps, Hqo, Hqs.
  apply has_block_sound in Hpre, Hper.
  pose proof (nonempty_words_sound _ Hwords) as Hw.
  pose proof (lemS_sound _ _ _ _ HlemS) as [HM [_ [HdivU [_ [_ HlenUK]]]]].
  assert (Hpp : forall kn, k0 <= kn -> forall x, In x (pre ++ per) -> (1 <= blen x (Z.of_nat kn))%Z)
    by (intros kn Hkn; apply (lengths_ok_sound _ _ Hlen0); lia).
  assert (HppK : forall kn, K <= kn -> forall x, In x (pre ++ per) -> (1 <= blen x (Z.of_nat kn))%Z)
    by (intros kn Hkn; apply (lengths_ok_sound _ _ HlenK); lia).
  (* The unrolled list's words at every k from min(k0, K) on. *)
  assert (HwU : forall kn, k0 <= kn \/ K <= kn -> words_ok U (Z.of_nat kn)).
  { intros kn Hkn x Hx. split; [apply (HdivU x Hx)|].
    destruct Hkn as [Hkn|Hkn].
    - pose proof (lengths_ok_sound _ _ HlenU0 (Z.of_nat kn) ltac:(lia) x Hx). lia.
    - pose proof (HlenUK (Z.of_nat kn) ltac:(lia) x Hx). lia. }
  (* Rule R: the mex rule on the unrolled list at every k >= min(k0, K). *)
  set (lo := aadd (0, 0)%Z (0, 0)%Z). set (hi := aadd (tot_aff U) (0, 0)%Z).
  assert (Hlo : In lo (bps U O)) by (apply In_bps; [apply bnds_zero | simpl; auto]).
  assert (Hhi : In hi (bps U O)) by (apply In_bps; [apply bnds_tot | simpl; auto]).
  assert (Elo : forall kz, ev lo kz = 0%Z) by (intros; unfold lo; rewrite ev_aadd, !ev_zero; ring).
  assert (Ehi : forall kz, ev hi kz = ev (tot_aff U) kz)
    by (intros; unfold hi; rewrite ev_aadd, ev_zero; ring).
  assert (Hconc' : forall kn, In kn (seq (Nat.min k0 K) (K + M - Nat.min k0 K)) ->
    rec_list a b (m * kn + rho) (build U (Z.of_nat kn)) = true /\ lastl pre kn <> lastl per kn).
  { intros kn Hkn. rewrite forallb_forall in Hconc. specialize (Hconc kn Hkn).
    apply andb_true_iff in Hconc as [H1 H2]. split; [exact H1|].
    apply negb_true_iff, Nat.eqb_neq in H2. exact H2. }
  assert (Hrec : forall kn, k0 <= kn \/ K <= kn -> forall x, (0 <= x < ev (tot_aff U) (Z.of_nat kn))%Z ->
    recOK (signature U O (Z.of_nat kn) x)).
  { assert (Conc : forall kn, In kn (seq (Nat.min k0 K) (K + M - Nat.min k0 K)) ->
      forall x, (0 <= x < ev (tot_aff U) (Z.of_nat kn))%Z -> recOK (signature U O (Z.of_nat kn) x)).
    { intros kn Hkn. apply in_seq in Hkn. apply rec_conc; [apply HwU; lia|].
      apply Hconc'. apply in_seq. lia. }
    intros kn Hkn x Hx. destruct (le_lt_dec K kn) as [HK|HK].
    - rewrite <- (Elo (Z.of_nat kn)), <- (Ehi (Z.of_nat kn)) in Hx. revert x Hx.
      apply (pumped_all U O (Z.of_nat K) (Z.of_nat M) lo hi recOK HlemS Hlo Hhi); [|lia].
      intros kz Hkz x Hx. rewrite Elo, Ehi in Hx.
      replace kz with (Z.of_nat (Z.to_nat kz)) in * by lia.
      apply Conc; [apply checked_window; lia | exact Hx].
    - apply Conc; [apply in_seq; lia | exact Hx]. }
  (* The claim at k. *)
  assert (Hwpre : words_ok pre (Z.of_nat k))
    by (intros x Hx; split; [apply Hw; apply in_or_app; auto|];
        pose proof (Hpp k Hk x ltac:(apply in_or_app; auto)); lia).
  assert (Hwper : words_ok per (Z.of_nat k))
    by (intros x Hx; split; [apply Hw; apply in_or_app; auto|];
        pose proof (Hpp k Hk x ltac:(apply in_or_app; auto)); lia).
  assert (HQ : ev (tot_aff pre) (Z.of_nat k) = Z.of_nat (qf k)).
  { rewrite Hqf by exact Hk. unfold ev. rewrite Hqs, Hqo. reflexivity. }
  assert (HP : ev (tot_aff per) (Z.of_nat k) = Z.of_nat (pf k)).
  { rewrite Hpf by exact Hk. unfold ev. rewrite Hps, Hpo. reflexivity. }
  assert (Hq1 : (1 <= ev (tot_aff pre) (Z.of_nat k))%Z)
    by (apply tot_pos; [exact Hpre | intros x Hx; apply Hpp; [exact Hk | apply in_or_app; auto]]).
  assert (Hp1 : (1 <= ev (tot_aff per) (Z.of_nat k))%Z)
    by (apply tot_pos; [exact Hper | intros x Hx; apply Hpp; [exact Hk | apply in_or_app; auto]]).
  set (q := qf k) in *. set (p := pf k) in *.
  assert (Hfix : ps = 0 -> forall r', In r' per -> slope r' = 0)
    by (intros E; apply slopes_zero; rewrite Hps, E; reflexivity).
  set (c := m * k + rho).
  assert (Hc : b < c) by (unfold c; nia).
  (* The unrolled list covers [0, q + p + c). *)
  assert (Htot : (Z.of_nat (q + p + c) <= ev (tot_aff U) (Z.of_nat k))%Z).
  { unfold U, unrolled. destruct (Nat.eqb_spec ps 0) as [E|E].
    - rewrite ev_tot_app, ev_tot_cons, ev_tot_nil. unfold blen. simpl slope; simpl offset.
      rewrite build_length.
      + rewrite (tot_fixed per 0 (Z.of_nat k) (Hfix E)). unfold c. lia.
      + intros x Hx. split; [apply Hw; apply in_or_app; auto|].
        rewrite (blen_fixed x 0 (Z.of_nat k) (Hfix E x Hx)). apply Hwper, Hx.
    - rewrite ev_tot_app, ev_tot_repeat.
      apply orb_true_iff in Hcopies as [Hc'|Hc']; [try discriminate; apply Nat.eqb_eq in Hc'; lia|].
      apply andb_true_iff in Hc' as [Hc' Hc2]. apply andb_true_iff in Hc' as [Hc1 Hc3].
      apply Nat.leb_le in Hc1. apply Z.leb_le in Hc2, Hc3.
      assert (Ek : ev (tot_aff per) (Z.of_nat k) = (ev (tot_aff per) (Z.of_nat k0) + Z.of_nat ps * ((Z.of_nat k) - Z.of_nat k0))%Z)
        by (unfold ev; rewrite Hps; ring).
      assert (0 <= Z.of_nat (r - 1) * Z.of_nat ps * ((Z.of_nat k) - Z.of_nat k0))%Z by nia.
      replace (Z.of_nat r) with (Z.of_nat (r - 1) + 1)%Z by lia. unfold c in *. nia. }
  (* E_k is the unrolled list's word there. *)
  set (E := pp_E pre per k q p).
  set (g := fun y => zletter U (Z.of_nat k) (Z.of_nat y)).
  assert (HEg : forall x, (Z.of_nat x < ev (tot_aff U) (Z.of_nat k))%Z -> E x = g x).
  { intros x Hx. unfold E, g. rewrite <- (Nat2Z.id q), <- (Nat2Z.id p).
    rewrite <- HQ, <- HP. apply E_unrolled; auto. lia. }
  assert (Hper0 : 0 < p) by lia.
  assert (HGE : forall x, G [a; b; c] x = E x).
  { apply (fact1_pre [a; b; c] q p E).
    - intros s Hs. simpl in Hs. lia.
    - exact Hper0.
    - intros x Hx. apply pp_E_period; auto.
    - intros x Hx. assert (Hmax : list_max [a; b; c] = c) by (simpl; lia). rewrite Hmax in Hx.
      assert (Hxt : (Z.of_nat x < ev (tot_aff U) (Z.of_nat k))%Z) by lia.
      rewrite HEg by exact Hxt. rewrite (options_ext _ E g) by (intros s _ Hs; apply HEg; lia).
      apply (rule_of_recOK U a b m rho k x). apply Hrec; [left; exact Hk | lia]. }
  (* Rule W: E(q - 1) <> E(q - 1 + p), pumped from the checked k. *)
  assert (Hwit : lastl pre k <> lastl per k).
  { destruct (le_lt_dec K k) as [HK|HK].
    - set (k' := K + (k - K) mod M).
      assert (HMpos : M <> 0) by lia.
      assert (Hk' : K <= k' < K + M) by (pose proof (Nat.mod_upper_bound (k - K) M HMpos); unfold k'; lia).
      assert (Hdvd : (Z.of_nat M | Z.of_nat k - Z.of_nat k')%Z).
      { exists (Z.of_nat ((k - K) / M)). pose proof (Nat.div_mod (k - K) M HMpos). unfold k'. lia. }
      assert (Same : forall rs, rs <> [] -> (forall x, In x rs -> In x (pre ++ per)) ->
          lastl rs k = lastl rs k').
      { intros rs Hn Hsub. unfold lastl. apply last_pump; [exact Hn|].
        intros x Hx. pose proof (Hsub x Hx) as Hx'. split; [apply Hw, Hx'|].
        split; [apply Hpp; auto|]. split; [apply HppK; [lia | exact Hx']|].
        unfold blen. replace (Z.of_nat (slope x) * Z.of_nat k + offset x -
          (Z.of_nat (slope x) * Z.of_nat k' + offset x))%Z
          with (Z.of_nat (slope x) * (Z.of_nat k - Z.of_nat k'))%Z by ring.
        destruct (Nat.eq_dec (slope x) 0) as [E0|E0]; [rewrite E0; simpl; apply Z.divide_0_r|].
        apply Z.divide_mul_r. apply Z.divide_trans with (Z.of_nat M); [|exact Hdvd].
        apply (proj2 (divs_ok_sound _ _ HdivPP x Hx') E0). }
      rewrite (Same pre Hpre), (Same per Hper) by (intros; apply in_or_app; auto).
      apply Hconc'. apply checked_window. exact Hk'.
    - apply Hconc'. apply in_seq. lia. }
  assert (HEw : E (q - 1) <> E (q - 1 + p)).
  { unfold E, pp_E.
    replace (q - 1 <? q) with true by (symmetry; apply Nat.ltb_lt; lia).
    replace (q - 1 + p <? q) with false by (symmetry; apply Nat.ltb_ge; lia).
    replace ((q - 1 + p - q) mod p) with (p - 1) by (rewrite Nat.mod_small; lia).
    rewrite !letter_zletter by (intros x Hx; pose proof (Hpp k Hk x ltac:(apply in_or_app; auto)); lia).
    unfold lastl in Hwit. 
    replace (Z.of_nat (q - 1)) with (ev (tot_aff pre) (Z.of_nat k) - 1)%Z by lia.
    replace (Z.of_nat (p - 1)) with (ev (tot_aff per) (Z.of_nat k) - 1)%Z by lia. exact Hwit. }
  assert (HperG : period_from (G [a; b; c]) q p).
  { intros x Hx. rewrite !HGE. apply pp_E_period; auto. }
  unfold pp_claim. fold c. split; [exact HGE|]. split; [lia|]. split; [exact Hper0|].
  split; [exact HperG|].
  apply (fact2_pre (G [a; b; c]) q p); [lia | exact Hper0 | exact HperG |].
  rewrite !HGE. exact HEw.
Qed.

(** ** Rule L: the marker occurs at exactly one offset of the cyclic period *)

Definition readings_L (L : nat) : list aff := map (fun i => (0%Z, Z.of_nat i)) (seq 0 L).

Fixpoint prefixb (W D : list nat) : bool :=
  match W, D with
  | [], _ => true
  | w :: W', d :: D' => Nat.eqb w d && prefixb W' D'
  | _ :: _, [] => false
  end.

(** The offsets o0 + i (i < n) at which [W] starts in [D] = the suffix of
    the word at o0. *)
Fixpoint occ (W D : list nat) (o n : nat) : list nat :=
  match n with
  | O => []
  | S n' => (if prefixb W D then [o] else []) ++ occ W (tl D) (S o) n'
  end.

Definition once_in (W D : list nat) (n : nat) : bool :=
  match occ W D 0 n with [_] => true | _ => false end.

(** The signature of the window W (the readings 0, 1, …, L − 1 read it
    backwards). *)
Definition sigW (W : list nat) : list (option nat) :=
  map (fun i => Some (nth (length W - 1 - i) W 0)) (seq 0 (length W)).

Definition chk_L (k0 : nat) (per : list block) (W : list nat) (K M : nat) : bool :=
  let D := per ++ per in
  let L := length W in
  let kmin := Nat.min k0 K in
  has_block per && (1 <=? L) && nonempty_words per && lengths_ok per (Z.of_nat k0) &&
  (Z.of_nat L <=? ev (tot_aff per) (Z.of_nat k0))%Z &&
  lemS_ok D (readings_L L) (Z.of_nat K) (Z.of_nat M) &&
  (Z.of_nat L <=? ev (tot_aff per) (Z.of_nat K))%Z &&
  forallb (fun k => once_in W (build D (Z.of_nat k)) (Z.to_nat (ev (tot_aff per) (Z.of_nat k))))
    (seq kmin (K + M - kmin)).

Lemma prefixb_spec W D : prefixb W D = true <->
  length W <= length D /\ forall j, j < length W -> nth j D 0 = nth j W 0.
Proof.
  revert D. induction W as [|w W IH]; intros D; simpl.
  - split; [intros _; split; [lia | intros; lia] | auto].
  - destruct D as [|d D]; simpl.
    + split; [discriminate | intros [H _]; lia].
    + rewrite andb_true_iff, IH, Nat.eqb_eq. split.
      * intros [E [H1 H2]]. split; [lia|]. intros [|j] Hj; [auto|]. apply H2. lia.
      * intros [H1 H2]. split; [symmetry; apply (H2 0); lia|]. split; [lia|].
        intros j Hj. apply (H2 (S j)). lia.
Qed.

Lemma nth_skipn (l : list nat) o j : nth j (skipn o l) 0 = nth (o + j) l 0.
Proof.
  revert l. induction o as [|o IH]; intros [|x l]; simpl; auto. destruct j; reflexivity.
Qed.

Lemma tl_skipn {A} (l : list A) o : tl (skipn o l) = skipn (S o) l.
Proof.
  revert l. induction o as [|o IH]; intros [|x l]; simpl; auto. apply IH.
Qed.

Lemma occ_spec W D0 n : forall o i, In i (occ W (skipn o D0) o n) <->
  o <= i < o + n /\ prefixb W (skipn i D0) = true.
Proof.
  induction n as [|n IH]; intros o i; simpl; [split; [intros [] | lia]|].
  rewrite in_app_iff, tl_skipn, IH. split.
  - intros [H|H].
    + destruct (prefixb W (skipn o D0)) eqn:E; [|destruct H]. destruct H as [<-|[]]. split; [lia | auto].
    + split; [lia | apply H].
  - intros [H1 H2]. destruct (Nat.eq_dec i o) as [->|Hne].
    + left. rewrite H2. left. auto.
    + right. split; [lia | exact H2].
Qed.

Lemma once_spec W D n : once_in W D n = true ->
  exists o0, forall o, (o < n /\ prefixb W (skipn o D) = true) <-> o = o0.
Proof.
  unfold once_in. destruct (occ W D 0 n) as [|o0 [|o1 l]] eqn:E; try discriminate. intros _.
  exists o0. intros o. pose proof (occ_spec W D n 0 o) as S. simpl skipn in S.
  rewrite E in S. simpl in S. split.
  - intros H. destruct (proj2 S ltac:(split; [lia | apply H])) as [|[]]; auto.
  - intros ->. destruct (proj1 S (or_introl eq_refl)) as [H1 H2]. split; [lia | exact H2].
Qed.

Lemma map_seq_eq {A} (f g : nat -> A) L :
  map f (seq 0 L) = map g (seq 0 L) <-> forall i, i < L -> f i = g i.
Proof.
  split.
  - intros H i Hi. assert (Hs : nth_error (seq 0 L) i = Some i).
    { rewrite nth_error_nth' with (d := 0) by (rewrite seq_length; exact Hi).
      rewrite seq_nth by exact Hi. reflexivity. }
    assert (E := f_equal (fun l => nth_error l i) H). simpl in E.
    rewrite (map_nth_error f i (seq 0 L) Hs), (map_nth_error g i (seq 0 L) Hs) in E.
    injection E as E. exact E.
  - intros H. apply map_ext_in. intros i Hi. apply in_seq in Hi. apply H. lia.
Qed.

Lemma sig_L_window D W k o : 1 <= length W ->
  signature D (readings_L (length W)) k (Z.of_nat (o + length W - 1)) = sigW W <->
  forall j, j < length W -> zletter D k (Z.of_nat (o + j)) = nth j W 0.
Proof.
  intros HL. set (L := length W) in *. unfold signature, readings_L, sigW. fold L.
  rewrite map_map. rewrite map_seq_eq. unfold ev. simpl fst. simpl snd.
  split.
  - intros H j Hj. specialize (H (L - 1 - j) ltac:(lia)).
    replace (Z.of_nat (o + L - 1) <? 0 * k + Z.of_nat (L - 1 - j))%Z with false in H
      by (symmetry; apply Z.ltb_ge; lia).
    injection H as H. replace (L - 1 - (L - 1 - j)) with j in H by lia. rewrite <- H.
    f_equal. lia.
  - intros H i Hi.
    replace (Z.of_nat (o + L - 1) <? 0 * k + Z.of_nat i)%Z with false
      by (symmetry; apply Z.ltb_ge; lia).
    f_equal. rewrite <- H by lia. f_equal. lia.
Qed.

Section Marker.
Variables (per : list block) (W : list nat).
Local Notation L := (length W).
Local Notation D := (per ++ per).
Definition loL : aff := aadd (0, 0)%Z (0%Z, Z.of_nat (L - 1)).
Definition hiL : aff := aadd (tot_aff per) (0%Z, Z.of_nat (L - 1)).

Lemma ev_loL k : ev loL k = Z.of_nat (L - 1).
Proof. unfold loL. rewrite ev_aadd, ev_zero. unfold ev. simpl. lia. Qed.
Lemma ev_hiL k : ev hiL k = (ev (tot_aff per) k + Z.of_nat (L - 1))%Z.
Proof. unfold hiL. rewrite ev_aadd. unfold ev at 2. simpl. lia. Qed.

Lemma bnds_app A B b : In b (bnds A) -> In b (bnds (A ++ B)).
Proof.
  revert b. induction A as [|r A IH]; intros b H.
  - destruct H as [<-|[]]. apply bnds_zero.
  - simpl in H |- *. destruct H as [<-|H]; [auto|]. right.
    apply in_map_iff in H as [b' [<- Hb']]. apply in_map, IH, Hb'.
Qed.

Lemma In_loL : 1 <= L -> In loL (bps D (readings_L L)).
Proof.
  intros HL. apply In_bps; [apply bnds_zero|]. unfold readings_L.
  apply in_map_iff. exists (L - 1). split; [reflexivity | apply in_seq; lia].
Qed.

Lemma In_hiL : 1 <= L -> In hiL (bps D (readings_L L)).
Proof.
  intros HL. apply In_bps; [apply bnds_app, bnds_tot|]. unfold readings_L.
  apply in_map_iff. exists (L - 1). split; [reflexivity | apply in_seq; lia].
Qed.

(** The window W occurs at exactly one offset o0 < p of the word read off
    [D] at k. *)
Definition win_once' (k : Z) : Prop :=
  exists o0, o0 < Z.to_nat (ev (tot_aff per) k) /\
    forall o, o < Z.to_nat (ev (tot_aff per) k) ->
    ((forall j, j < L -> zletter D k (Z.of_nat (o + j)) = nth j W 0) <-> o = o0).

Lemma once_at_win k : 1 <= L -> (0 <= ev (tot_aff per) k)%Z ->
  once_at D (readings_L L) loL hiL (sigW W) k <-> win_once' k.
Proof.
  intros HL HP. unfold once_at. rewrite ev_loL, ev_hiL. split.
  - intros [[x [Hx Ex]] Hu]. set (o0 := Z.to_nat x - (L - 1)).
    assert (Hx0 : x = Z.of_nat (o0 + L - 1)) by (unfold o0; lia).
    exists o0. split; [unfold o0; lia|]. intros o Ho. split.
    + intros Hw0. pose proof (proj2 (sig_L_window (per ++ per) W k o HL) Hw0) as Hw.
      assert (Z.of_nat (o + L - 1) = x) by (apply Hu; [lia | exact Hx | exact Hw | exact Ex]). lia.
    + intros ->. apply (proj1 (sig_L_window (per ++ per) W k o0 HL)). rewrite <- Hx0. exact Ex.
  - intros [o0 [Ho0 H]]. split.
    + exists (Z.of_nat (o0 + L - 1)). split; [lia|].
      apply (proj2 (sig_L_window (per ++ per) W k o0 HL)).
      apply (H o0 Ho0). reflexivity.
    + intros x y Hx Hy Ex Ey.
      set (ox := Z.to_nat x - (L - 1)). set (oy := Z.to_nat y - (L - 1)).
      assert (Ex' : x = Z.of_nat (ox + L - 1)) by (unfold ox; lia).
      assert (Ey' : y = Z.of_nat (oy + L - 1)) by (unfold oy; lia).
      rewrite Ex' in Ex. rewrite Ey' in Ey.
      pose proof (proj1 (sig_L_window (per ++ per) W k ox HL) Ex) as Wx.
      pose proof (proj1 (sig_L_window (per ++ per) W k oy HL) Ey) as Wy.
      pose proof (proj1 (H ox ltac:(unfold ox; lia)) Wx) as Ox.
      pose proof (proj1 (H oy ltac:(unfold oy; lia)) Wy) as Oy.
      rewrite Ex', Ey'. congruence.
Qed.

Lemma once_conc k : words_ok per k -> (1 <= ev (tot_aff per) k)%Z -> 1 <= L ->
  (Z.of_nat L <= ev (tot_aff per) k)%Z ->
  once_in W (build D k) (Z.to_nat (ev (tot_aff per) k)) = true -> win_once' k.
Proof.
  intros Hw HP HL HLP H. apply once_spec in H as [o0 Ho0].
  assert (HwD : words_ok D k) by (intros x Hx; apply in_app_or in Hx as [Hx|Hx]; apply Hw, Hx).
  assert (Hlen : length (build D k) = Z.to_nat (2 * ev (tot_aff per) k)).
  { rewrite build_length by exact HwD. rewrite ev_tot_app. f_equal. lia. }
  assert (Win : forall o, o < Z.to_nat (ev (tot_aff per) k) ->
    (prefixb W (skipn o (build D k)) = true <->
     forall j, j < L -> zletter D k (Z.of_nat (o + j)) = nth j W 0)).
  { intros o Ho. rewrite prefixb_spec. rewrite skipn_length, Hlen. split.
    - intros [_ H2] j Hj. rewrite <- H2 by exact Hj. rewrite nth_skipn.
      rewrite <- (build_nth D k) by (auto; rewrite ev_tot_app; lia). f_equal. lia.
    - intros H2. split; [lia|]. intros j Hj. rewrite <- H2 by exact Hj. rewrite nth_skipn.
      rewrite <- (build_nth D k) by (auto; rewrite ev_tot_app; lia). f_equal. lia. }
  exists o0. assert (Hlt : o0 < Z.to_nat (ev (tot_aff per) k)) by (apply (proj2 (Ho0 o0) eq_refl)).
  split; [exact Hlt|]. intros o Ho. rewrite <- Win by exact Ho. rewrite <- Ho0. tauto.
Qed.
End Marker.

Theorem chk_L_sound k0 per W K M : chk_L k0 per W K M = true ->
  forall k, k0 <= k -> win_once' per W (Z.of_nat k) /\ 1 <= length W /\
    (Z.of_nat (length W) <= ev (tot_aff per) (Z.of_nat k))%Z.
Proof.
  intros H. unfold chk_L in H. split_checks H.
  rename H into Hper, C5 into HL, C4 into Hwords, C3 into Hlen0, C2 into HLk0, C1 into HlemS,
    C0 into HLK, C into Hconc.
  apply has_block_sound in Hper. apply Nat.leb_le in HL. apply Z.leb_le in HLk0, HLK.
  pose proof (nonempty_words_sound _ Hwords) as Hw.
  pose proof (lemS_sound _ _ _ _ HlemS) as [HM [_ [_ [_ [_ HlenK]]]]].
  assert (Hlen : forall kn, k0 <= kn \/ K <= kn -> forall r, In r per -> (1 <= blen r (Z.of_nat kn))%Z).
  { intros kn [Hkn|Hkn] r Hr.
    - apply (lengths_ok_sound _ _ Hlen0); [lia | exact Hr].
    - apply (HlenK (Z.of_nat kn)); [lia | apply in_or_app; auto]. }
  assert (HPL : forall kn, k0 <= kn \/ K <= kn -> (Z.of_nat (length W) <= ev (tot_aff per) (Z.of_nat kn))%Z).
  { intros kn [Hkn|Hkn]; unfold ev in *; [|pose proof (Zle_0_nat (Z.to_nat (fst (tot_aff per))))];
    assert (0 <= fst (tot_aff per))%Z by (rewrite fst_tot; clear; induction per; simpl; lia); nia. }
  assert (Conc : forall kn, (k0 <= kn \/ K <= kn) -> In kn (seq (Nat.min k0 K) (K + M - Nat.min k0 K)) ->
    win_once' per W (Z.of_nat kn)).
  { intros kn Hkn Hin. rewrite forallb_forall in Hconc. specialize (Hconc kn Hin).
    apply once_conc; auto.
    - intros r Hr. split; [apply Hw, Hr|]. pose proof (Hlen kn Hkn r Hr). lia.
    - apply tot_pos; [exact Hper | apply Hlen, Hkn]. }
  intros k Hk. split; [|split; [exact HL | apply HPL; left; exact Hk]].
  destruct (le_lt_dec K k) as [HK|HK].
  - assert (HP0 : (0 <= ev (tot_aff per) (Z.of_nat k))%Z) by (pose proof (HPL k (or_intror HK)); lia).
    apply (once_at_win per W (Z.of_nat k) HL HP0).
    revert HK. replace k with (Z.to_nat (Z.of_nat k)) by lia. intros HK.
    apply (pumped_once (per ++ per) (readings_L (length W)) (Z.of_nat K) (Z.of_nat M)
      (loL W) (hiL per W) (sigW W) HlemS (In_loL per W HL) (In_hiL per W HL)); [|lia].
    intros kz Hkz. replace kz with (Z.of_nat (Z.to_nat kz)) by lia.
    assert (Hkz' : K <= Z.to_nat kz) by lia.
    apply (once_at_win per W _ HL); [pose proof (HPL _ (or_intror Hkz')); lia|].
    apply Conc; [right; exact Hkz' | apply checked_window; lia].
  - apply Conc; [left; exact Hk | apply in_seq; lia].
Qed.

(** ** The claim with the marker: p is the least period *)

Lemma chk_R_per a b m rho k0 pre per qs qo ps po r K M (pf : nat -> nat) :
  chk_R a b m rho k0 pre per qs qo ps po r K M = true ->
  (forall k, k0 <= k -> Z.of_nat (pf k) = (Z.of_nat ps * Z.of_nat k + po)%Z) ->
  forall k, k0 <= k -> ev (tot_aff per) (Z.of_nat k) = Z.of_nat (pf k) /\ words_ok per (Z.of_nat k).
Proof.
  intros H Hpf k Hk. unfold chk_R in H. split_checks H.
  apply Z.eqb_eq in C4, C5. split.
  - rewrite Hpf by exact Hk. unfold ev. rewrite C4, C5. reflexivity.
  - pose proof (nonempty_words_sound _ C10) as Hw. intros x Hx. split; [apply Hw, in_or_app; auto|].
    pose proof (lengths_ok_sound _ _ C9 (Z.of_nat k) ltac:(lia) x ltac:(apply in_or_app; auto)). lia.
Qed.

Lemma least_period_of_shift (g : nat -> nat) q p :
  least_preperiod (fun y => g (q + y)) 0 p -> period_from g q p -> least_period g p.
Proof.
  intros [[Hp [_ Hmin]] _] Hper. split; [exact Hp|]. split; [exists q; exact Hper|].
  intros q' d Hd Hq'. apply (Hmin q' d Hd). intros y Hy.
  replace (q + (y + d)) with (q + y + d) by lia. apply Hq'. lia.
Qed.

Theorem chk_RL_sound a b m rho k0 pre per qs qo ps po r K M W KL ML (qf pf : nat -> nat) :
  chk_R a b m rho k0 pre per qs qo ps po r K M = true ->
  chk_L k0 per W KL ML = true ->
  (forall k, k0 <= k -> Z.of_nat (qf k) = (Z.of_nat qs * Z.of_nat k + qo)%Z) ->
  (forall k, k0 <= k -> Z.of_nat (pf k) = (Z.of_nat ps * Z.of_nat k + po)%Z) ->
  forall k, k0 <= k -> pp_claim a b m rho pre per k (qf k) (pf k) /\
    least_preperiod (G [a; b; m * k + rho]) (qf k) (pf k).
Proof.
  intros HR HL Hqf Hpf k Hk.
  pose proof (chk_R_sound a b m rho k0 pre per qs qo ps po r K M qf pf HR Hqf Hpf k Hk) as Hc.
  split; [exact Hc|].
  destruct Hc as [HGE [Hq [Hp [Hper Hmin]]]].
  destruct (chk_R_per a b m rho k0 pre per qs qo ps po r K M pf HR Hpf k Hk) as [HP Hw].
  destruct (chk_L_sound k0 per W KL ML HL k Hk) as [[o0 [Ho0 Hwin]] [HL1 HLP]].
  rewrite HP, Nat2Z.id in Ho0, Hwin. rewrite HP in HLP.
  set (q := qf k) in *. set (p := pf k) in *. set (S := [a; b; m * k + rho]) in *.
  set (f := fun y => G S (q + y)).
  assert (Hf : forall y, f y = zletter per (Z.of_nat k) (Z.of_nat (y mod p))).
  { intros y. unfold f. rewrite HGE. unfold pp_E.
    replace (q + y <? q) with false by (symmetry; apply Nat.ltb_ge; lia).
    replace (q + y - q) with y by lia. apply letter_zletter. intros x Hx.
    pose proof (proj2 (Hw x Hx)). lia. }
  assert (HD : forall o j, o < p -> j < length W ->
    zletter (per ++ per) (Z.of_nat k) (Z.of_nat (o + j)) = f (o + j)).
  { intros o j Ho Hj. rewrite Hf.
    replace (per ++ per) with (concat (repeat per 2)) by (simpl; rewrite app_nil_r; reflexivity).
    rewrite zletter_repeat by (try (intros x Hx; apply Hw, Hx); lia).
    rewrite HP, <- Nat2Z.inj_mod. reflexivity. }
  assert (Hper_f : period_from f 0 p).
  { intros y _. unfold f. replace (q + (y + p)) with (q + y + p) by lia. apply Hper. lia. }
  split; [|split; [exact Hper | intros q' Hq'; apply (Hmin q' p Hp Hq')]].
  apply (least_period_of_shift (G S) q p); [|exact Hper].
  apply (fact2_unique_window f p o0 (length W) Hp Hper_f).
  intros o Ho Hne.
  destruct (existsb (fun i => negb (Nat.eqb (f (o + i)) (f (o0 + i)))) (seq 0 (length W))) eqn:E.
  - apply existsb_exists in E as [i [Hi E]]. apply in_seq in Hi.
    exists i. split; [lia|]. apply negb_true_iff, Nat.eqb_neq in E. exact E.
  - exfalso. apply Hne. apply (Hwin o Ho). intros j Hj.
    assert (Ej : f (o + j) = f (o0 + j)).
    { assert (Hn : existsb (fun i => negb (Nat.eqb (f (o + i)) (f (o0 + i)))) (seq 0 (length W)) <> true)
        by congruence.
      destruct (Nat.eqb_spec (f (o + j)) (f (o0 + j))) as [|Hne']; [assumption|].
      exfalso. apply Hn. apply existsb_exists. exists j. split; [apply in_seq; lia|].
      apply negb_true_iff, Nat.eqb_neq, Hne'. }
    rewrite HD, Ej, <- HD by lia. apply (Hwin o0 Ho0); [reflexivity | exact Hj].
Qed.

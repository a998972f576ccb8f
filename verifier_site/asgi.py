import gc
import os

from verifier_site.body_limit import BodyLimit
from verifier_site.db_slots import ConnectionSlots
from verifier_site.sync_chain import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "verifier_site.settings")
# Bodies over CITATIONS_MAX_BODY_BYTES are refused before Django reads them (body_limit.py), at
# most DB_CONNECTIONS_PER_WORKER requests are in Django at once, one connection each
# (db_slots.py), and each runs its middleware and view in one thread hop (sync_chain.py).
application = BodyLimit(ConnectionSlots(get_asgi_application()))

from verifier_site.startup import refuse_misconfigured_start  # noqa: E402 (needs Django set up)

refuse_misconfigured_start(asgi=True)

# What a worker has built by now (modules, settings, the app) lives as long as the worker: frozen,
# the collector stops walking those ~150,000 objects in every full collection, a pause of ~70 ms
# that a submission met about once in 300 on a 2-core machine (benchmarks/submission_stages.py
# with the collector's callbacks).
# Collected first, so that no garbage of the start-up is kept for good.
gc.collect()
gc.freeze()

"""What the benchmarks and the test suite share: throwaway servers (``servers``), a live
Daphne process (``live_server``), a scripted player over the real forms and socket
(``room_client``), the fault scenarios and their checks (``faults``), and games played or
built in the database (``play``, ``histories``). Nothing here imports ``tests``."""

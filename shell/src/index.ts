// Async boundary: the federation runtime settles the shared singletons before anything imports them.
import('./bootstrap');

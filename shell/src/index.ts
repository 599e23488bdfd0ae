// The async boundary lets Module Federation set up shared singletons before any of them is used.
import('./bootstrap');
